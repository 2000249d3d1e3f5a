"""The house card texts that act at a moment of the combat (the modifiers live in ``cards``).

Each text here either acts at once or asks its owner one question. A house is asked only when its
answer can change something: a text with one possible outcome simply happens.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from data.thrones_names import Named
from engine.core.decisions import Decision
from engine.core.errors import IllegalAction
from engine.thrones.actions import Action, Choose, Play
from engine.thrones.bidding import TRACK_NAMES, TRACK_ORDER
from engine.thrones.board import BOARD, FACTS
from engine.thrones.combat import cards
from engine.thrones.combat.support import still_supporting
from engine.thrones.control import available_units, gain_power, lose_power
from engine.thrones.frame import expect
from engine.thrones.orders import TOKENS
from i18n import Localized, psaid

if TYPE_CHECKING:
    from engine.thrones.combat.frame import CombatFrame
    from engine.thrones.game import ThronesGame

NONE = "none"
_AREA_OR_NONE = psaid("awaited", "an area ('choose AREA') or 'choose none'")


def _name(card: str) -> str:
    return FACTS.house_cards[card].name


def _choice(action: Action, allowed: list[str], what: Localized) -> str:
    expect(action, Choose, what=what)
    assert isinstance(action, Choose)
    if action.option not in allowed:
        raise IllegalAction("Choose one of: {options}.", options=", ".join(allowed))
    return action.option


# --- texts that act as soon as the cards are revealed -------------------------------------------------


def _doran_tracks(game: ThronesGame, combat: CombatFrame, house: str) -> list[str]:
    opponent = combat.opponent(house)
    return [t for t in TRACK_ORDER if getattr(game.state, t)[-1] != opponent]


def _doran(game: ThronesGame, combat: CombatFrame, house: str, track: str) -> None:
    """Doran Martell: the opponent drops to the last place of the chosen track; those below move up and
    a dominance token follows position 1 at once, used or not."""
    opponent = combat.opponent(house)
    order = getattr(game.state, track)
    order.remove(opponent)
    order.append(opponent)
    game.emit(
        "doran",
        f"Doran Martell: House {opponent.title()} drops to the bottom of the {TRACK_NAMES[track]} track.",
        house=house,
        track=track,
        opponent=opponent,
        order=list(order),
    )


def _queen_targets(game: ThronesGame, combat: CombatFrame, house: str) -> list[str]:
    """Queen of Thorns: the opponent's orders next to the battle, but never the March order that began it
    nor an order in the embattled area itself."""
    opponent = combat.opponent(house)
    state = game.state
    return sorted(
        area
        for area in BOARD.adjacent[combat.area]
        if area != combat.origin and (order := state.orders.get(area)) is not None and order.house == opponent
    )


def _queen(game: ThronesGame, combat: CombatFrame, house: str, area: str) -> None:
    order = game.state.orders.pop(area)
    game.emit(
        "queen-of-thorns",
        f"Queen of Thorns removes House {order.house.title()}'s "
        f"{TOKENS[order.token].name} in {BOARD.name(area)}.",
        house=house,
        area=area,
        token=order.token,
        owner=order.house,
    )


def _mace(game: ThronesGame, combat: CombatFrame, house: str) -> None:
    """Mace Tyrell: one opponent footman fighting in this battle (never a supporter) is destroyed; a fresh
    one before a routed one, since only a fresh one lowers the opponent's strength. Reading: a routed
    footman is still a footman in the embattled area, so it is destroyed when no fresh one is there (it
    would otherwise survive if its side wins). The Blackfish saves Stark's footmen."""
    opponent = combat.opponent(house)
    state = game.state
    if cards.plays(combat, opponent, "the-blackfish"):
        text = f"Mace Tyrell: The Blackfish spares House {opponent.title()}'s footmen."
        game.emit("mace-tyrell", text, house=house, opponent=opponent, spared=True)
        return
    if opponent == combat.attacker:
        if "footman" not in combat.army:
            return
        combat.army.remove("footman")
    else:
        pool = state.units.get(combat.area, [])
        footmen = sorted((i for i, u in enumerate(pool) if u.kind == "footman"), key=lambda i: pool[i].routed)
        if not footmen:
            return
        pool.pop(footmen[0])
        if not pool:
            del state.units[combat.area]
    text = f"Mace Tyrell destroys a footman of House {opponent.title()}."
    game.emit("mace-tyrell", text, house=house, opponent=opponent, spared=False)


def _aeron_choices(game: ThronesGame, combat: CombatFrame, house: str) -> list[str]:
    """Cards Aeron Damphair may be swapped for: any in hand but one Tyrion Lannister sent back, which the
    house may not play again in this combat."""
    state = game.state
    if state.power[house] < 2:
        return []
    return [card for card in state.hands[house] if card != combat.cancelled]


def immediate_decision(game: ThronesGame, combat: CombatFrame, house: str) -> Decision | None:
    """Resolve the house's immediate text, or return the question it asks."""
    card = combat.cards.get(house)
    if card == "doran-martell":
        tracks = _doran_tracks(game, combat, house)
        if len(tracks) > 1:
            return Decision(
                house=house,
                kind="doran",
                prompt=f"Doran Martell: choose the track whose bottom House {combat.opponent(house).title()} "
                "drops to ('choose throne|fiefdoms|court').",
                secret=False,
                default=Choose(tracks[0]),
                options=tuple(Choose(t) for t in tracks),
                data={"opponent": combat.opponent(house)},
            )
        if tracks:
            _doran(game, combat, house, tracks[0])
    elif card == "queen-of-thorns":
        targets = _queen_targets(game, combat, house)
        if len(targets) > 1:
            return Decision(
                house=house,
                kind="queen-of-thorns",
                prompt="Queen of Thorns: choose the area next to the battle whose enemy order is removed "
                "('choose AREA').",
                secret=False,
                default=Choose(targets[0]),
                options=tuple(Choose(a) for a in targets),
            )
        if targets:
            _queen(game, combat, house, targets[0])
    elif card == "mace-tyrell":
        _mace(game, combat, house)
    elif card == "aeron-damphair":
        choices = _aeron_choices(game, combat, house)
        if choices:
            return Decision(
                house=house,
                kind="aeron",
                prompt="Aeron Damphair: pay 2 power to play another card instead ('play CARD'), "
                "or 'choose skip'.",
                secret=False,
                default=Choose("skip"),
                options=(*(Play(c) for c in choices), Choose("skip")),
            )
    return None


def act_immediate(game: ThronesGame, combat: CombatFrame, house: str, action: Action) -> None:
    card = combat.cards.get(house)
    if card == "doran-martell":
        _doran(
            game,
            combat,
            house,
            _choice(action, _doran_tracks(game, combat, house), psaid("awaited", "a track ('choose TRACK')")),
        )
    elif card == "queen-of-thorns":
        _queen(
            game,
            combat,
            house,
            _choice(action, _queen_targets(game, combat, house), psaid("awaited", "an area ('choose AREA')")),
        )
    elif card == "aeron-damphair":
        if isinstance(action, Choose) and action.option == "skip":
            return
        expect(action, Play, what=psaid("awaited", "another house card ('play CARD') or 'choose skip'"))
        assert isinstance(action, Play)
        if action.card not in _aeron_choices(game, combat, house):
            if action.card == combat.cancelled:
                raise IllegalAction(
                    "Tyrion Lannister sent {card} back: it cannot be played again.",
                    card=Named("house_cards", action.card),
                )
            raise IllegalAction("{card} is not in your hand.", card=Named("house_cards", action.card))
        state = game.state
        lose_power(state, house, 2)
        state.discards[house].append("aeron-damphair")
        state.hands[house].remove(action.card)
        combat.cards[house] = action.card
        game.emit(
            "aeron",
            f"Aeron Damphair: House {house.title()} pays 2 power and plays {_name(action.card)} instead.",
            house=house,
            card=action.card,
        )
        if action.card in cards.IMMEDIATE:
            combat.todo.insert(1, house)
    else:
        raise IllegalAction("Nothing is asked of you now.")


# --- texts that act once the winner is known ----------------------------------------------------------


def _cersei_targets(game: ThronesGame, combat: CombatFrame, house: str) -> list[str]:
    """Cersei Lannister: any order of the loser, but those of this battle, which leave the board anyway."""
    loser = combat.opponent(house)
    return sorted(
        area
        for area, order in game.state.orders.items()
        if order.house == loser and area not in (combat.area, combat.origin)
    )


def _renly_places(game: ThronesGame, combat: CombatFrame, house: str) -> list[str]:
    """Renly Baratheon: footmen of Baratheon's that took part, fighting or in a support area backing it."""
    state = game.state
    if available_units(state, house)["knight"] < 1:
        return []
    places = []
    if house == combat.attacker:
        if "footman" in combat.army:
            places.append(combat.area)
    elif any(u.kind == "footman" and not u.routed for u in state.units.get(combat.area, [])):
        places.append(combat.area)
    for area, side in sorted(combat.support.items()):
        units = state.units.get(area, [])
        own = side == house and still_supporting(state, area) and units and units[0].house == house
        if own and any(u.kind == "footman" and not u.routed for u in units):
            places.append(area)
    return places


def after_winner_decision(game: ThronesGame, combat: CombatFrame, house: str) -> Decision | None:
    state = game.state
    card = combat.cards.get(house)
    won = combat.winner == house
    if card == "tywin-lannister" and won:
        gained = gain_power(state, house, 2)
        game.emit(
            "tywin",
            f"Tywin Lannister: House {house.title()} gains {gained} power.",
            house=house,
            gained=gained,
        )
    elif card == "roose-bolton" and not won:
        back = state.discards[house]
        state.hands[house].extend(back)
        state.discards[house] = []
        if not back:
            text = "has no discarded card to take back"
        else:
            text = (
                "takes its discarded card back"
                if len(back) == 1
                else f"takes its {len(back)} discarded cards back"
            )
        game.emit("roose", f"Roose Bolton: House {house.title()} {text}.", house=house, count=len(back))
    elif card == "cersei-lannister" and won:
        targets = _cersei_targets(game, combat, house)
        if targets:
            return Decision(
                house=house,
                kind="cersei",
                prompt=f"Cersei Lannister: remove one of House {combat.opponent(house).title()}'s orders "
                "anywhere ('choose AREA'), or 'choose none'.",
                secret=False,
                default=Choose(NONE),
                options=(*(Choose(a) for a in targets), Choose(NONE)),
                data={"opponent": combat.opponent(house)},
            )
    elif card == "renly-baratheon" and won:
        places = _renly_places(game, combat, house)
        if places:
            return Decision(
                house=house,
                kind="renly",
                prompt="Renly Baratheon: upgrade one of your footmen that took part to a knight "
                "('choose AREA'), or 'choose none'.",
                secret=False,
                default=Choose(NONE),
                options=(*(Choose(a) for a in places), Choose(NONE)),
            )
    return None


def act_after_winner(game: ThronesGame, combat: CombatFrame, house: str, action: Action) -> None:
    state = game.state
    card = combat.cards.get(house)
    if card == "cersei-lannister":
        area = _choice(action, [*_cersei_targets(game, combat, house), NONE], _AREA_OR_NONE)
        if area != NONE:
            order = state.orders.pop(area)
            game.emit(
                "cersei",
                f"Cersei Lannister removes House {order.house.title()}'s {TOKENS[order.token].name} "
                f"in {BOARD.name(area)}.",
                house=house,
                area=area,
                token=order.token,
                owner=order.house,
            )
    elif card == "renly-baratheon":
        area = _choice(action, [*_renly_places(game, combat, house), NONE], _AREA_OR_NONE)
        if area == NONE:
            return
        if area == combat.area and house == combat.attacker:
            combat.army[combat.army.index("footman")] = "knight"
        else:
            unit = next(u for u in state.units[area] if u.kind == "footman" and not u.routed)
            unit.kind = "knight"
        game.emit(
            "renly",
            f"Renly Baratheon upgrades a footman in {BOARD.name(area)} to a knight.",
            house=house,
            area=area,
        )
    else:
        raise IllegalAction("Nothing is asked of you now.")
