"""Winning (rulebook: "Ganar la partida"): seven castles at once, or the standings after round 10."""

from __future__ import annotations

import pytest

from tests.engine.scenario import action_stack, scenario

END = [{"kind": "round", "next": "end"}]


def test_a_seventh_castle_wins_at_once():
    units = dict.fromkeys(
        ("riverrun", "seagard", "the-twins", "crackclaw-point", "flints-finger", "moat-cailin"),
        ("lannister", "footman"),
    )
    units["stoney-sept"] = ("lannister", "footman")
    units["castle-black"] = ("stark", "footman")
    game = scenario(
        6,
        units=units,
        orders={"stoney-sept": ("lannister", "march+0"), "castle-black": ("stark", "march+0")},
        garrisons={},
        stack=action_stack("marches"),
        throne=["lannister", "stark", "baratheon", "greyjoy", "tyrell", "martell"],
    )
    assert not game.over  # Lannisport, Riverrun, Seagard, Crackclaw Point, Flint's Finger, Moat Cailin
    events = game.apply_line("lannister: march stoney-sept -> harrenhal footman")
    assert game.over and game.state.winner == "lannister"
    assert game.pending() == []
    assert any(e.kind == "game-over" for e in events)


def standings(*, units, supply=None, power=None, throne=None):
    fields = {}
    if supply:
        fields["supply"] = {"stark": 1, "lannister": 2, "baratheon": 2, **supply}
    if power:
        fields["power"] = {"stark": 5, "lannister": 5, "baratheon": 5, **power}
    if throne:
        fields["throne"] = throne
    game = scenario(3, units=units, round=10, stack=END, **fields)
    assert game.over
    return game.state.ranking


STARK_THREE = {"white-harbor": ("stark", "footman"), "moat-cailin": ("stark", "footman")}


@pytest.mark.parametrize(
    ("lannister_areas", "extra", "expected"),
    [
        # Three castle areas each; Lannister holds two strongholds to Stark's one.
        (("riverrun", "harrenhal"), {}, ["lannister", "stark", "baratheon"]),
        # Equal strongholds: the higher supply position wins.
        (
            ("harrenhal", "crackclaw-point"),
            {"supply": {"stark": 3, "lannister": 2}},
            ["stark", "lannister", "baratheon"],
        ),
        # Equal supply too: the most available power wins.
        (
            ("harrenhal", "crackclaw-point"),
            {"supply": {"stark": 2}, "power": {"lannister": 7, "stark": 3}},
            ["lannister", "stark", "baratheon"],
        ),
        # Everything equal: the better Iron Throne position wins.
        (
            ("harrenhal", "crackclaw-point"),
            {"supply": {"stark": 2}, "throne": ["baratheon", "stark", "lannister"]},
            ["stark", "lannister", "baratheon"],
        ),
    ],
)
def test_standings_after_the_last_round(lannister_areas, extra, expected):
    units = {**STARK_THREE, **dict.fromkeys(lannister_areas, ("lannister", "footman"))}
    assert standings(units=units, **extra) == expected
