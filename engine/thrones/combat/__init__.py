"""Combat (rulebook: "Combate"): support, strength, house cards, Tides of Battle, casualties, retreats."""
