"""The 42 house cards (rulebook: "Las cartas de Casa"; texts in data/thrones/house_cards.toml), each played
in a real battle, and the interactions between cards that trip implementations up.

Every battle starts from the march step: the attacker is first on the Iron Throne track and marches; a
house that takes no part keeps a march order of its own, so the game waits after the battle and the
position can be inspected.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.core.decisions import Event
from engine.core.errors import IllegalAction
from engine.thrones.board import FACTS
from engine.thrones.game import ThronesGame
from engine.thrones.invariants import problems
from tests.engine.scenario import UnitsSpec, action_stack, kinds, scenario

HOUSES = ("stark", "lannister", "greyjoy", "tyrell", "baratheon", "martell")
DECK = {h: [c.id for c in FACTS.house_cards.values() if c.house == h] for h in HOUSES}
PLAIN = [c.id for c in FACTS.house_cards.values() if not c.text]
# A card with no strength, no icons and nothing to do in the battles where it is used: the opponent's
# only card in hand, so it is played without a question.
BLANK = {"stark": "catelyn-stark", "lannister": "cersei-lannister"}
SETUP = ThronesGame.new(6, 0).state  # the six-player setup every position starts from


def start(
    units: UnitsSpec,
    orders: dict[str, tuple[str, str]],
    *,
    hold: dict[str, tuple[str, ...]] | None = None,
    throne: list[str] | None = None,
    wait: str = "castle-black",
    **fields: Any,
) -> ThronesGame:
    """A position in the march step. The house of the first order given marches first (it heads the Iron
    Throne track unless ``throne`` says otherwise). ``hold`` gives a house exactly these cards in hand,
    the rest of its seven in the discard pile. The last house on the Iron Throne track with no unit in
    ``units`` keeps a march order in ``wait``, so the game waits for it once the battle is over; it also
    heads the Fiefdoms track (the others keep their setup order), so the Valyrian Steel Blade stays out
    of the battle unless ``fiefdoms`` says otherwise."""
    attacker = next(iter(orders.values()))[0]
    throne = throne or [attacker, *(h for h in HOUSES if h != attacker)]
    fighting = {house for house, *_ in units.values()}
    waiter = next(h for h in reversed(throne) if h not in fighting)
    hands = {h: list(DECK[h]) for h in HOUSES}
    discards: dict[str, list[str]] = {h: [] for h in HOUSES}
    for house, cards in (hold or {}).items():
        assert set(cards) <= set(DECK[house]), cards
        hands[house] = list(cards)
        discards[house] = [c for c in DECK[house] if c not in cards]
    fields.setdefault("fiefdoms", [waiter, *(h for h in SETUP.fiefdoms if h != waiter)])
    fields.setdefault("hands", hands)
    fields.setdefault("discards", discards)
    return scenario(
        6,
        units={**units, wait: (waiter, "footman")},
        orders={**orders, wait: (waiter, "march+0")},
        stack=action_stack("marches"),
        throne=throne,
        **fields,
    )


def fight(game: ThronesGame, *lines: str) -> list[Event]:
    """Apply notation lines; return every event they caused. A sound position stays sound throughout."""
    sound = not problems(game.state)
    events: list[Event] = []
    for line in lines:
        events += game.apply_line(line)
        if sound:
            assert problems(game.state) == [], line
    return events


def rejected(game: ThronesGame, line: str, match: str | None = None) -> None:
    """The line is refused and the position is left exactly as it was."""
    before = game.to_position()
    with pytest.raises(IllegalAction, match=match):
        game.apply_line(line)
    assert game.to_position() == before


def over(game: ThronesGame) -> bool:
    """The battle has ended and the march step waits for its next march."""
    return game.state.stack[-1].kind == "marches" and [k for _, k in kinds(game)] == ["march"]


def result(events: list[Event]) -> dict[str, Any]:
    return next(e.data for e in events if e.kind == "combat-result")


def totals(events: list[Event]) -> dict[str, int]:
    return {house: parts["total"] for house, parts in result(events)["strengths"].items()}


def part(events: list[Event], house: str, name: str) -> int:
    """One part of a side's final strength ("units", "order", "support", "card", ...)."""
    return result(events)["strengths"][house][name]


def lost(events: list[Event], house: str) -> list[str]:
    """The units the house lost as casualties: to swords, skulls, a retreat it could not make (routed units,
    siege engines, no room). Mace Tyrell's kill is not among them: it shows in the strength."""
    return [
        kind
        for e in events
        if e.kind == "casualties" and e.data.get("house") == house
        for kind in e.data.get("units", [])
    ]


def at(game: ThronesGame, area: str) -> tuple[str, ...]:
    """The units in an area, written as in ``scenario``: (house, kind, ...) with "!" for routed ones."""
    units = game.state.units.get(area, [])
    if not units:
        return ()
    return (units[0].house, *sorted(u.kind + ("!" if u.routed else "") for u in units))


def offered(game: ThronesGame) -> list[str]:
    (decision,) = game.pending()
    return [option.format() for option in decision.options]


def order_at(game: ThronesGame, area: str) -> tuple[str, str] | None:
    order = game.state.orders.get(area)
    return None if order is None else (order.house, order.token)


# --- the 18 cards without a text: printed strength, swords and fortifications ---------------------------


@pytest.mark.parametrize("card", PLAIN)
def test_a_card_without_text_adds_its_strength_and_icons(card):
    """A plain card adds its printed strength; attacking and winning, each sword destroys a defender;
    defending and losing, each fortification cancels one of the winner's swords."""
    info = FACTS.house_cards[card]
    house = info.house
    # Attacking: two knights (4) and the card against three footmen (3) and a card with nothing on it.
    other = "lannister" if house == "stark" else "stark"
    game = start(
        {"the-twins": (house, "knight", "knight"), "the-fingers": (other, "footman", "footman", "footman")},
        {"the-twins": (house, "march+0")},
        hold={other: (BLANK[other],)},
    )
    events = fight(game, f"{house}: march the-twins -> the-fingers 2 knights", f"{house}: play {card}")
    assert totals(events) == {house: 4 + info.strength, other: 3}
    assert part(events, house, "card") == info.strength
    assert result(events)["winner"] == house
    assert lost(events, other) == ["footman"] * info.swords
    survivors = 3 - info.swords
    assert at(game, "the-mountains-of-the-moon") == ((other, *["footman!"] * survivors) if survivors else ())
    assert at(game, "the-fingers") == (house, "knight", "knight")
    assert over(game)

    # Defending: three footmen and the card lose to three knights and a card with swords
    # (Ser Gregor Clegane's three, or Eddard Stark's two against Lannister).
    attacker, heavy = (
        ("stark", "eddard-stark") if house == "lannister" else ("lannister", "ser-gregor-clegane")
    )
    swords = FACTS.house_cards[heavy].swords
    game = start(
        {
            "the-twins": (attacker, "knight", "knight", "knight"),
            "the-fingers": (house, "footman", "footman", "footman"),
        },
        {"the-twins": (attacker, "march+0")},
        hold={attacker: (heavy,)},
    )
    events = fight(game, f"{attacker}: march the-twins -> the-fingers 3 knights", f"{house}: play {card}")
    assert part(events, house, "card") == info.strength
    assert result(events)["winner"] == attacker
    assert lost(events, house) == ["footman"] * max(0, swords - info.fortifications)
    assert over(game)


# --- Stark ------------------------------------------------------------------------------------------


def robb_position(**fields: Any) -> ThronesGame:
    """Stark marches on Harrenhal; the two Lannister footmen there may retreat to Blackwater or Crackclaw
    Point for free, or to Stoney Sept, where a third footman would break Lannister's supply (3, 2, 2 with
    an army of 3 in Lannisport): one of them would be lost."""
    return start(
        {
            "riverrun": ("stark", "knight", "knight", "footman"),
            "harrenhal": ("lannister", "footman", "footman"),
            "lannisport": ("lannister", "footman", "footman", "footman"),
            "stoney-sept": ("lannister", "footman"),
        },
        {"riverrun": ("stark", "march+0")},
        hold={"lannister": ("cersei-lannister",)},
        **fields,
    )


def test_robb_stark_chooses_where_the_beaten_defender_retreats():
    """Robb Stark: Stark, not the loser, picks the retreat area, among the legal ones that cost the
    fewest units."""
    game = robb_position()
    events = fight(game, "stark: march riverrun -> harrenhal 2 knights footman", "stark: play robb-stark")
    assert totals(events) == {"stark": 8, "lannister": 2}
    assert kinds(game) == [("stark", "retreat")]
    assert offered(game) == ["choose blackwater", "choose crackclaw-point"]  # not the costly Stoney Sept
    rejected(game, "lannister: choose blackwater", "waits for House Stark")
    rejected(game, "stark: choose stoney-sept", "Retreat to one of")
    rejected(game, "stark: choose riverrun")  # where the attack came from
    fight(game, "stark: choose crackclaw-point")
    assert at(game, "crackclaw-point") == ("lannister", "footman!", "footman!")
    assert at(game, "harrenhal") == ("stark", "footman", "knight", "knight")
    assert over(game)


def test_without_robb_stark_the_loser_chooses_its_retreat():
    """Without Robb Stark the beaten house picks its own retreat area."""
    game = robb_position()
    fight(game, "stark: march riverrun -> harrenhal 2 knights footman", "stark: play greatjon-umber")
    assert kinds(game) == [("lannister", "retreat")]
    fight(game, "lannister: choose blackwater")
    assert at(game, "blackwater") == ("lannister", "footman!")


def test_robb_stark_limits_the_retreat_to_the_cheapest_areas_when_every_area_costs_units():
    """When every retreat breaks the supply limit the loser could pick any of them; with Robb Stark,
    Stark picks, and only among those costing the fewest units. The loser still chooses which units."""
    game = start(
        {
            "riverrun": ("stark", "knight", "knight"),
            "harrenhal": ("lannister", "footman", "footman", "knight"),
            "stoney-sept": ("lannister", "footman", "footman"),
            "blackwater": ("lannister", "footman"),
            "crackclaw-point": ("lannister", "footman"),
        },
        {"riverrun": ("stark", "march+0")},
        hold={"lannister": ("cersei-lannister",)},
        supply={**SETUP.supply, "lannister": 1},  # armies of 3 and 2
    )
    fight(game, "stark: march riverrun -> harrenhal 2 knights", "stark: play robb-stark")
    assert kinds(game) == [("stark", "retreat")]
    assert offered(game) == ["choose blackwater", "choose crackclaw-point"]  # each costs 1; Stoney Sept 2
    fight(game, "stark: choose crackclaw-point")
    assert kinds(game) == [("lannister", "retreat-losses")]
    fight(game, "lannister: destroy harrenhal footman")
    assert at(game, "crackclaw-point") == ("lannister", "footman", "footman!", "knight!")
    assert over(game)

    # The same battle without Robb Stark: the loser may also take the dearer Stoney Sept.
    game = start(
        {
            "riverrun": ("stark", "knight", "knight"),
            "harrenhal": ("lannister", "footman", "footman", "knight"),
            "stoney-sept": ("lannister", "footman", "footman"),
            "blackwater": ("lannister", "footman"),
            "crackclaw-point": ("lannister", "footman"),
        },
        {"riverrun": ("stark", "march+0")},
        hold={"lannister": ("cersei-lannister",), "stark": ("eddard-stark", "catelyn-stark")},
        supply={**SETUP.supply, "lannister": 1},
    )
    fight(game, "stark: march riverrun -> harrenhal 2 knights", "stark: play catelyn-stark")
    assert kinds(game) == [("lannister", "retreat")]
    assert offered(game) == ["choose blackwater", "choose crackclaw-point", "choose stoney-sept"]


def test_roose_bolton_on_a_loss_takes_the_whole_discard_pile_back():
    """Roose Bolton: when Stark loses, every card in its discard pile, Roose included, returns to hand."""
    game = start(
        {
            "the-twins": ("lannister", "knight", "knight", "knight"),
            "the-fingers": ("stark", "footman", "footman"),
        },
        {"the-twins": ("lannister", "march+0")},
        hold={
            "stark": ("roose-bolton", "eddard-stark", "catelyn-stark"),
            "lannister": ("ser-gregor-clegane",),
        },
    )
    events = fight(game, "lannister: march the-twins -> the-fingers 3 knights", "stark: play roose-bolton")
    assert result(events)["winner"] == "lannister"
    assert lost(events, "stark") == ["footman", "footman"]  # the swords still strike
    assert sorted(game.state.hands["stark"]) == sorted(DECK["stark"])
    assert game.state.discards["stark"] == []


def test_roose_bolton_as_the_seventh_card_on_a_loss_returns_all_seven():
    """Roose Bolton played as the seventh card and lost with: all seven cards return, none stays
    discarded."""
    game = start(
        {"the-twins": ("lannister", "knight", "knight", "knight"), "the-fingers": ("stark", "footman")},
        {"the-twins": ("lannister", "march+0")},
        hold={"stark": ("roose-bolton",), "lannister": ("cersei-lannister",)},
    )
    fight(game, "lannister: march the-twins -> the-fingers 3 knights")  # both play their only card
    assert sorted(game.state.hands["stark"]) == sorted(DECK["stark"])
    assert game.state.discards["stark"] == []


def test_roose_bolton_on_a_win_is_discarded_like_any_card():
    """Roose Bolton on a win does nothing: it joins the discard pile."""
    game = start(
        {"the-twins": ("lannister", "knight"), "the-fingers": ("stark", "footman", "footman", "footman")},
        {"the-twins": ("lannister", "march+0")},
        hold={"stark": ("roose-bolton", "eddard-stark", "catelyn-stark"), "lannister": ("cersei-lannister",)},
    )
    events = fight(game, "lannister: march the-twins -> the-fingers knight", "stark: play roose-bolton")
    assert result(events)["winner"] == "stark"
    assert sorted(game.state.hands["stark"]) == ["catelyn-stark", "eddard-stark"]
    assert "roose-bolton" in game.state.discards["stark"]
    assert len(game.state.discards["stark"]) == 5


def blackfish_game(
    defenders: tuple[str, ...], attacker: str = "lannister", card: str = "ser-gregor-clegane", **kw
):
    return start(
        {"the-twins": (attacker, "knight", "knight", "knight"), "the-fingers": ("stark", *defenders)},
        {"the-twins": (attacker, "march+0")},
        hold={attacker: (card,)},
        **kw,
    )


def test_the_blackfish_stops_sword_casualties():
    """The Blackfish: Stark loses no units to swords; the survivors still retreat, routed."""
    game = blackfish_game(("footman", "footman", "footman"))
    events = fight(game, "lannister: march the-twins -> the-fingers 3 knights", "stark: play the-blackfish")
    assert result(events)["winner"] == "lannister"
    assert lost(events, "stark") == []
    assert at(game, "the-mountains-of-the-moon") == ("stark", "footman!", "footman!", "footman!")


def test_the_blackfish_does_not_save_routed_units_or_siege_engines_that_cannot_retreat():
    """The Blackfish does not save units lost because they cannot retreat (routed units, siege
    engines)."""
    game = blackfish_game(("footman", "footman!", "siege"))
    events = fight(game, "lannister: march the-twins -> the-fingers 3 knights", "stark: play the-blackfish")
    assert sorted(lost(events, "stark")) == ["footman", "siege"]  # neither can retreat
    assert at(game, "the-mountains-of-the-moon") == ("stark", "footman!")


def test_the_blackfish_stops_mace_tyrell():
    """The Blackfish stops losses to other cards' texts: Mace Tyrell kills nothing."""
    game = blackfish_game(("footman", "footman"), attacker="tyrell", card="mace-tyrell")
    events = fight(game, "tyrell: march the-twins -> the-fingers 3 knights", "stark: play the-blackfish")
    assert totals(events) == {"tyrell": 10, "stark": 3}  # both footmen still count
    assert lost(events, "stark") == []
    assert at(game, "the-mountains-of-the-moon") == ("stark", "footman!", "footman!")


@pytest.mark.parametrize(("card", "losses"), [("the-blackfish", 0), ("ser-rodrick-cassel", 2)])
def test_the_blackfish_stops_tides_of_battle_skulls(card, losses):
    """A skull costs the opponent a unit, win or lose; The Blackfish saves it (Ser Rodrik Cassel's two
    fortifications stop two of Ser Gregor's three swords, but not the skull)."""
    game = blackfish_game(
        ("footman", "footman", "footman"),
        tides_of_battle=True,
        tides_deck=["skull", "blank", "blank", "blank"],
    )
    events = fight(game, "lannister: march the-twins -> the-fingers 3 knights", f"stark: play {card}")
    assert next(e.data["tides"] for e in events if e.kind == "tides") == {
        "lannister": "skull",
        "stark": "blank",
    }
    assert lost(events, "stark") == ["footman"] * losses


@pytest.mark.parametrize(
    ("token", "bonus", "winner"), [("defense+1", 2, "lannister"), ("defense+2*", 4, "stark")]
)
def test_catelyn_stark_doubles_the_defense_order_of_the_embattled_area(token, bonus, winner):
    """Catelyn Stark: Stark defending an area with its Defense order counts that order twice."""
    game = start(
        {
            "the-twins": ("lannister", "knight", "knight", "footman"),
            "the-fingers": ("stark", "footman", "footman"),
        },
        {"the-twins": ("lannister", "march+0"), "the-fingers": ("stark", token)},
        hold={"lannister": ("cersei-lannister",)},
    )
    events = fight(
        game, "lannister: march the-twins -> the-fingers 2 knights footman", "stark: play catelyn-stark"
    )
    assert part(events, "stark", "order") == bonus
    assert totals(events) == {"lannister": 5, "stark": 2 + bonus}
    assert result(events)["winner"] == winner


def test_catelyn_stark_does_nothing_for_an_attacker():
    """Catelyn Stark doubles only a Stark Defense order: the attacker's March order is not doubled."""
    game = start(
        {"the-twins": ("stark", "knight", "knight"), "the-fingers": ("lannister", "footman")},
        {"the-twins": ("stark", "march+1*"), "the-fingers": ("lannister", "defense+1")},
        hold={"lannister": ("cersei-lannister",)},
    )
    events = fight(game, "stark: march the-twins -> the-fingers 2 knights", "stark: play catelyn-stark")
    assert part(events, "stark", "order") == 1
    assert part(events, "lannister", "order") == 1


# --- Lannister --------------------------------------------------------------------------------------


def tywin_game(**fields: Any) -> ThronesGame:
    return start(
        {
            "the-twins": ("lannister", "knight", "knight"),
            "the-fingers": ("stark", "footman", "footman", "footman"),
        },
        {"the-twins": ("lannister", "march+0")},
        hold={"stark": ("catelyn-stark",)},
        **fields,
    )


def test_tywin_lannister_gains_two_power_on_a_win():
    """Tywin Lannister: a win brings 2 power tokens from the pool."""
    game = tywin_game()
    events = fight(
        game, "lannister: march the-twins -> the-fingers 2 knights", "lannister: play tywin-lannister"
    )
    assert result(events)["winner"] == "lannister"
    assert game.state.power["lannister"] == 7


def test_tywin_lannister_gains_no_more_than_the_twenty_tokens_allow():
    """Tywin Lannister's power obeys the 20-token limit (tokens on the board included)."""
    game = tywin_game(power={**SETUP.power, "lannister": 18}, power_tokens={"the-arbor": "lannister"})
    fight(game, "lannister: march the-twins -> the-fingers 2 knights", "lannister: play tywin-lannister")
    assert game.state.power["lannister"] == 19  # 19 available and 1 on the board


def test_tywin_lannister_gains_nothing_on_a_loss():
    """Tywin Lannister gives nothing on a loss."""
    game = start(
        {"the-twins": ("stark", "knight", "knight", "knight"), "the-fingers": ("lannister", "footman")},
        {"the-twins": ("stark", "march+0")},
        hold={"stark": ("eddard-stark",)},
    )
    events = fight(game, "stark: march the-twins -> the-fingers 3 knights", "lannister: play tywin-lannister")
    assert result(events)["winner"] == "stark"
    assert game.state.power["lannister"] == 5


def tyrion_game(tyrell_cards: tuple[str, ...]) -> ThronesGame:
    """Tyrell attacks two Lannister footmen with two knights; Lannister holds Tyrion and one other card."""
    return start(
        {"the-twins": ("tyrell", "knight", "knight"), "the-fingers": ("lannister", "footman", "footman")},
        {"the-twins": ("tyrell", "march+0")},
        hold={"tyrell": tyrell_cards, "lannister": ("tyrion-lannister", "the-hound")},
    )


def test_tyrion_lannister_sends_the_card_back_and_the_opponent_plays_another():
    """Tyrion Lannister: the opponent's card goes back to its hand and it reveals a different one."""
    game = tyrion_game(("ser-garlan-tyrell", "margaery-tyrell", "alester-florent"))
    fight(
        game,
        "tyrell: march the-twins -> the-fingers 2 knights",
        "tyrell: play ser-garlan-tyrell",
        "lannister: play tyrion-lannister",
    )
    assert kinds(game) == [("lannister", "tyrion")]
    fight(game, "lannister: choose cancel")
    assert kinds(game) == [("tyrell", "replace-card")]
    assert offered(game) == ["play margaery-tyrell", "play alester-florent"]
    rejected(game, "tyrell: play ser-garlan-tyrell", "other than Ser Garlan Tyrell")
    events = fight(game, "tyrell: play margaery-tyrell")
    assert part(events, "tyrell", "card") == 1
    assert totals(events) == {"tyrell": 5, "lannister": 3}
    assert lost(events, "lannister") == []  # Ser Garlan's two swords went back to the hand
    assert sorted(game.state.hands["tyrell"]) == ["alester-florent", "ser-garlan-tyrell"]
    assert "margaery-tyrell" in game.state.discards["tyrell"]
    assert "ser-garlan-tyrell" not in game.state.discards["tyrell"]


def test_tyrion_lannister_may_keep_the_opponents_card():
    """Tyrion Lannister's cancel is optional: kept, the opponent's card acts in full."""
    game = tyrion_game(("ser-garlan-tyrell", "margaery-tyrell"))
    fight(
        game,
        "tyrell: march the-twins -> the-fingers 2 knights",
        "tyrell: play ser-garlan-tyrell",
        "lannister: play tyrion-lannister",
    )
    events = fight(game, "lannister: choose keep")
    assert totals(events) == {"tyrell": 6, "lannister": 3}
    assert lost(events, "lannister") == ["footman", "footman"]


def test_tyrion_lannister_against_a_single_card_leaves_the_opponent_without_one():
    """With no other card in hand, the opponent fights with no house card, and keeps the one sent back."""
    game = tyrion_game(("ser-garlan-tyrell",))
    fight(game, "tyrell: march the-twins -> the-fingers 2 knights", "lannister: play tyrion-lannister")
    events = fight(game, "lannister: choose cancel")  # no card to choose: it fights on without one
    assert any(e.kind == "house-cards" and e.data["card"] is None for e in events)
    assert part(events, "tyrell", "card") == 0
    assert totals(events) == {"tyrell": 4, "lannister": 3}
    assert lost(events, "lannister") == []  # no card, no swords
    assert over(game)
    assert game.state.hands["tyrell"] == ["ser-garlan-tyrell"]
    assert "ser-garlan-tyrell" not in game.state.discards["tyrell"]
    assert len(game.state.discards["tyrell"]) == 6  # no refill: the hand is not empty


def test_tyrion_lannister_cancelling_a_text_stops_it_and_the_replacement_acts():
    """Mace Tyrell sent back never kills; a Mace Tyrell played as the replacement does."""
    game = tyrion_game(("mace-tyrell", "randyll-tarly"))
    events = fight(
        game,
        "tyrell: march the-twins -> the-fingers 2 knights",
        "tyrell: play mace-tyrell",
        "lannister: play tyrion-lannister",
        "lannister: choose cancel",  # Randyll Tarly is the only other card: played at once
    )
    assert not any(e.kind == "mace-tyrell" for e in events)
    assert totals(events) == {"tyrell": 6, "lannister": 3}  # both footmen still fight
    assert lost(events, "lannister") == ["footman"]  # Randyll Tarly's sword
    assert "mace-tyrell" in game.state.hands["tyrell"]

    game = tyrion_game(("ser-garlan-tyrell", "mace-tyrell"))
    events = fight(
        game,
        "tyrell: march the-twins -> the-fingers 2 knights",
        "tyrell: play ser-garlan-tyrell",
        "lannister: play tyrion-lannister",
        "lannister: choose cancel",
    )
    assert any(e.kind == "mace-tyrell" for e in events)
    assert part(events, "lannister", "units") == 1


def test_ser_kevan_lannister_doubles_attacking_lannister_footmen_and_supporting_ones():
    """Ser Kevan Lannister: attacking, each Lannister footman counts 2, in the army and in Lannister support
    areas backing Lannister; another house's supporting footman still counts 1."""
    game = start(
        {
            "lannisport": ("lannister", "footman", "footman", "knight"),
            "stoney-sept": ("stark", "footman", "footman", "footman"),
            "riverrun": ("lannister", "footman"),
            "harrenhal": ("baratheon", "footman"),
        },
        {
            "lannisport": ("lannister", "march+0"),
            "riverrun": ("lannister", "support+0"),
            "harrenhal": ("baratheon", "support+0"),
        },
        hold={"stark": ("catelyn-stark",)},
    )
    events = fight(
        game,
        "lannister: march lannisport -> stoney-sept 2 footmen knight",
        "lannister: choose lannister",
        "baratheon: choose lannister",
        "lannister: choose accept",
    )
    assert next(e.data["attacker"] for e in events if e.kind == "combat-strength") == 6  # before the cards
    events = fight(game, "lannister: play ser-kevan-lannister")
    assert part(events, "lannister", "units") == 6  # 2 + 2 + 2 for the knight
    assert part(events, "lannister", "support") == 3  # Riverrun's footman 2, Baratheon's footman 1
    assert totals(events) == {"lannister": 10, "stark": 3}
    fight(game, "stark: choose blackwater")
    assert over(game)


def test_ser_kevan_lannister_does_nothing_for_a_defender():
    """Ser Kevan Lannister doubles footmen only while Lannister attacks."""
    game = start(
        {"the-twins": ("stark", "knight", "knight"), "the-fingers": ("lannister", "footman", "footman")},
        {"the-twins": ("stark", "march+0")},
        hold={"stark": ("catelyn-stark",)},
    )
    events = fight(
        game, "stark: march the-twins -> the-fingers 2 knights", "lannister: play ser-kevan-lannister"
    )
    assert part(events, "lannister", "units") == 2
    assert totals(events) == {"stark": 4, "lannister": 3}


def test_cersei_lannister_removes_one_order_of_the_loser_anywhere():
    """Cersei Lannister: on a win, Lannister may remove one order of the beaten house from anywhere on the
    board; the orders of the embattled area are not offered (they go with the battle anyway)."""
    game = start(
        {
            "the-twins": ("lannister", "knight", "knight"),
            "the-fingers": ("stark", "footman"),
            "the-mountains-of-the-moon": ("stark", "footman"),
            "winterfell": ("stark", "footman"),
            "lannisport": ("lannister", "footman"),
        },
        {
            "the-twins": ("lannister", "march+0"),
            "the-fingers": ("stark", "defense+1"),
            "the-mountains-of-the-moon": ("stark", "raid"),
            "winterfell": ("stark", "consolidate"),
            "lannisport": ("lannister", "consolidate"),
        },
        hold={"stark": ("catelyn-stark",)},
        wait="three-towers",
    )
    events = fight(
        game, "lannister: march the-twins -> the-fingers 2 knights", "lannister: play cersei-lannister"
    )
    assert totals(events) == {"lannister": 4, "stark": 3}
    assert kinds(game) == [("lannister", "cersei")]
    assert offered(game) == ["choose the-mountains-of-the-moon", "choose winterfell", "choose none"]
    rejected(game, "lannister: choose the-fingers", "Choose one of")
    rejected(game, "lannister: choose lannisport")
    events = fight(game, "lannister: choose winterfell")
    assert any(e.kind == "cersei" for e in events)
    assert order_at(game, "winterfell") is None
    assert order_at(game, "the-mountains-of-the-moon") == ("stark", "raid")
    assert order_at(game, "the-fingers") is None
    assert over(game)


def test_cersei_lannister_defending_never_offers_the_attackers_march_order_and_may_remove_nothing():
    """Cersei Lannister defending: the March order that began the combat is not offered, and removing
    nothing is allowed."""
    game = start(
        {
            "the-twins": ("stark", "knight"),
            "the-fingers": ("lannister", "footman", "footman", "knight"),
            "winterfell": ("stark", "footman"),
        },
        {"the-twins": ("stark", "march+0"), "winterfell": ("stark", "consolidate")},
        hold={"stark": ("catelyn-stark",)},
        wait="three-towers",
    )
    fight(game, "stark: march the-twins -> the-fingers knight", "lannister: play cersei-lannister")
    assert offered(game) == ["choose winterfell", "choose none"]
    fight(game, "lannister: choose none")
    assert order_at(game, "winterfell") == ("stark", "consolidate")
    assert order_at(game, "the-twins") is None  # the March order leaves with the battle
    assert at(game, "the-twins") == ("stark", "knight!")
    assert over(game)


def test_cersei_lannister_does_nothing_on_a_loss():
    """Cersei Lannister does nothing on a loss."""
    game = start(
        {
            "the-twins": ("stark", "knight", "knight", "knight"),
            "the-fingers": ("lannister", "footman"),
            "winterfell": ("stark", "footman"),
        },
        {"the-twins": ("stark", "march+0"), "winterfell": ("stark", "consolidate")},
        hold={"stark": ("catelyn-stark",)},
        wait="three-towers",
    )
    fight(game, "stark: march the-twins -> the-fingers 3 knights", "lannister: play cersei-lannister")
    assert over(game)
    assert order_at(game, "winterfell") == ("stark", "consolidate")


# --- Greyjoy ----------------------------------------------------------------------------------------


def test_victarion_greyjoy_doubles_attacking_greyjoy_ships_and_supporting_ones():
    """Victarion Greyjoy: attacking, each Greyjoy ship counts 2, in the fleet and in Greyjoy support areas;
    another house's supporting ship still counts 1."""
    game = start(
        {
            "ironmans-bay": ("greyjoy", "ship", "ship"),
            "sunset-sea": ("stark", "ship", "ship", "ship"),
            "the-golden-sound": ("greyjoy", "ship"),
            "west-summer-sea": ("tyrell", "ship"),
        },
        {
            "ironmans-bay": ("greyjoy", "march+0"),
            "the-golden-sound": ("greyjoy", "support+0"),
            "west-summer-sea": ("tyrell", "support+0"),
        },
        hold={"stark": ("catelyn-stark",)},
    )
    events = fight(
        game,
        "greyjoy: march ironmans-bay -> sunset-sea 2 ships",
        "greyjoy: choose greyjoy",
        "tyrell: choose greyjoy",
        "greyjoy: choose accept",
        "greyjoy: play victarion-greyjoy",
    )
    assert part(events, "greyjoy", "units") == 4
    assert part(events, "greyjoy", "support") == 3
    assert totals(events) == {"greyjoy": 10, "stark": 3}
    assert at(game, "sunset-sea") == ("greyjoy", "ship", "ship")
    assert at(game, "bay-of-ice") == ("stark", "ship!", "ship!", "ship!")
    assert over(game)


def test_victarion_greyjoy_does_nothing_for_a_defender():
    """Victarion Greyjoy doubles ships only while Greyjoy attacks."""
    game = start(
        {"bay-of-ice": ("stark", "ship", "ship", "ship"), "sunset-sea": ("greyjoy", "ship", "ship")},
        {"bay-of-ice": ("stark", "march+0")},
        hold={"stark": ("catelyn-stark",)},
    )
    events = fight(game, "stark: march bay-of-ice -> sunset-sea 3 ships", "greyjoy: play victarion-greyjoy")
    assert part(events, "greyjoy", "units") == 2
    assert totals(events) == {"stark": 3, "greyjoy": 5}


@pytest.mark.parametrize(
    ("area", "card", "swords"),
    [("moat-cailin", 3, 1), ("the-fingers", 2, 0)],
    ids=["castle", "no-castle"],
)
def test_theon_greyjoy_defending_a_castle_gains_strength_and_a_sword(area, card, swords):
    """Theon Greyjoy: defending an area with a castle or stronghold, +1 strength and a sword."""
    game = start(
        {"the-twins": ("lannister", "knight", "knight"), area: ("greyjoy", "footman", "footman")},
        {"the-twins": ("lannister", "march+0")},
        hold={"lannister": ("cersei-lannister",)},
    )
    events = fight(game, f"lannister: march the-twins -> {area} 2 knights", "greyjoy: play theon-greyjoy")
    assert part(events, "greyjoy", "card") == card
    # 5 against 4 in the castle; 4 against 4 elsewhere, a tie Greyjoy wins on the Fiefdoms track.
    assert result(events)["winner"] == "greyjoy"
    assert lost(events, "lannister") == ["knight"] * swords
    assert at(game, "the-twins") == ("lannister", *["knight!"] * (2 - swords))


def test_theon_greyjoy_attacking_a_castle_gains_nothing():
    """Theon Greyjoy's bonus is for a defender only."""
    game = start(
        {"the-twins": ("greyjoy", "knight", "knight"), "moat-cailin": ("lannister", "footman")},
        {"the-twins": ("greyjoy", "march+0")},
        hold={"lannister": ("cersei-lannister",)},
    )
    events = fight(game, "greyjoy: march the-twins -> moat-cailin 2 knights", "greyjoy: play theon-greyjoy")
    assert part(events, "greyjoy", "card") == 2
    assert lost(events, "lannister") == []


def test_balon_greyjoy_makes_the_opponents_printed_strength_zero_but_not_its_swords():
    """Balon Greyjoy: the opponent's card counts 0 strength; its icons still count."""
    game = start(
        {
            "the-twins": ("stark", "knight", "knight", "footman"),
            "the-fingers": ("greyjoy", "footman", "footman"),
        },
        {"the-twins": ("stark", "march+0")},
        hold={"stark": ("eddard-stark",)},
    )
    events = fight(
        game, "stark: march the-twins -> the-fingers 2 knights footman", "greyjoy: play balon-greyjoy"
    )
    assert part(events, "stark", "card") == 0
    assert totals(events) == {"stark": 5, "greyjoy": 4}
    assert lost(events, "greyjoy") == ["footman", "footman"]  # Eddard Stark's two swords


@pytest.mark.parametrize(
    ("card", "discarded"),
    [("stannis-baratheon", ()), ("ser-davos-seaworth", ("stannis-baratheon",))],
)
def test_balon_greyjoy_leaves_the_opponents_card_bonuses(card, discarded):
    """Against Balon Greyjoy, Stannis (opponent higher on the Iron Throne) and Ser Davos (Stannis
    discarded) keep their +1 on top of a printed strength of 0."""
    hold = tuple(c for c in DECK["baratheon"] if c not in discarded)
    game = start(
        {"the-twins": ("baratheon", "knight", "knight"), "the-fingers": ("greyjoy", "footman", "footman")},
        {"the-twins": ("baratheon", "march+0")},
        hold={"baratheon": hold},
        throne=["greyjoy", "baratheon", "lannister", "stark", "tyrell", "martell"],
    )
    events = fight(
        game,
        "baratheon: march the-twins -> the-fingers 2 knights",
        f"baratheon: play {card}",
        "greyjoy: play balon-greyjoy",
    )
    assert part(events, "baratheon", "card") == 1
    assert part(events, "greyjoy", "card") == 2


def asha_game(**kw: Any) -> ThronesGame:
    return start(
        {
            "the-twins": ("greyjoy", "knight", "knight"),
            "the-fingers": ("stark", "footman", "footman", "footman"),
            "the-narrow-sea": (kw.pop("supporter", "greyjoy"), "ship"),
        },
        {"the-twins": ("greyjoy", "march+0"), "the-narrow-sea": (kw.pop("owner", "greyjoy"), "support+0")},
        hold={"stark": ("catelyn-stark",)},
        **kw,
    )


@pytest.mark.parametrize(
    ("supporter", "lines", "swords"),
    [
        ("greyjoy", ["greyjoy: choose none"], 2),
        ("greyjoy", ["greyjoy: choose greyjoy"], 0),
        ("tyrell", ["tyrell: choose greyjoy", "greyjoy: choose accept"], 0),
        ("tyrell", ["tyrell: choose greyjoy", "greyjoy: choose refuse"], 2),
    ],
    ids=["own-ship-stays-out", "own-support", "tyrell-support", "support-refused"],
)
def test_asha_greyjoy_gains_two_swords_when_nobody_supports_greyjoy(supporter, lines, swords):
    """Asha Greyjoy: with no support for Greyjoy in the battle, two swords and a fortification."""
    game = asha_game(supporter=supporter, owner=supporter)
    events = fight(
        game, "greyjoy: march the-twins -> the-fingers 2 knights", *lines, "greyjoy: play asha-greyjoy"
    )
    assert result(events)["winner"] == "greyjoy"
    assert lost(events, "stark") == ["footman"] * swords


def test_asha_greyjoy_unsupported_gains_a_fortification_when_defending():
    """Asha Greyjoy unsupported also has a fortification: three swords cost Greyjoy two units."""
    game = start(
        {
            "the-twins": ("lannister", "knight", "knight", "knight"),
            "the-fingers": ("greyjoy", "footman", "footman", "footman"),
        },
        {"the-twins": ("lannister", "march+0")},
        hold={"lannister": ("ser-gregor-clegane",)},
    )
    events = fight(game, "lannister: march the-twins -> the-fingers 3 knights", "greyjoy: play asha-greyjoy")
    assert result(events)["winner"] == "lannister"
    assert lost(events, "greyjoy") == ["footman", "footman"]  # three swords, one fortification


def aeron_game(hold: tuple[str, ...], power: int) -> ThronesGame:
    return start(
        {
            "the-twins": ("greyjoy", "knight", "knight"),
            "the-fingers": ("stark", "footman", "footman", "footman"),
        },
        {"the-twins": ("greyjoy", "march+0")},
        hold={"stark": ("catelyn-stark",), "greyjoy": hold},
        power={**SETUP.power, "greyjoy": power},
    )


def test_aeron_damphair_pays_two_power_to_play_another_card():
    """Aeron Damphair: Greyjoy may pay 2 power to discard Aeron and play another card from its hand."""
    game = aeron_game(("aeron-damphair", "euron-crows-eye", "balon-greyjoy"), 5)
    fight(game, "greyjoy: march the-twins -> the-fingers 2 knights", "greyjoy: play aeron-damphair")
    assert kinds(game) == [("greyjoy", "aeron")]
    assert offered(game) == ["play euron-crows-eye", "play balon-greyjoy", "choose skip"]
    rejected(game, "greyjoy: play aeron-damphair", "not in your hand")
    rejected(game, "greyjoy: play victarion-greyjoy", "not in your hand")  # in the discard pile
    events = fight(game, "greyjoy: play euron-crows-eye")
    assert game.state.power["greyjoy"] == 3
    assert part(events, "greyjoy", "card") == 4
    assert lost(events, "stark") == ["footman"]  # Euron's sword
    assert game.state.hands["greyjoy"] == ["balon-greyjoy"]
    assert {"aeron-damphair", "euron-crows-eye"} <= set(game.state.discards["greyjoy"])
    assert over(game)


def test_aeron_damphair_may_be_kept():
    """Aeron Damphair's swap is optional: skipped, Aeron fights with strength 0 and no power is paid."""
    game = aeron_game(("aeron-damphair", "euron-crows-eye"), 5)
    events = fight(
        game,
        "greyjoy: march the-twins -> the-fingers 2 knights",
        "greyjoy: play aeron-damphair",
        "greyjoy: choose skip",
    )
    assert game.state.power["greyjoy"] == 5
    assert part(events, "greyjoy", "card") == 0
    assert game.state.hands["greyjoy"] == ["euron-crows-eye"]


@pytest.mark.parametrize(
    ("hold", "power"),
    [(("aeron-damphair", "euron-crows-eye"), 1), (("aeron-damphair",), 5)],
    ids=["one-power", "last-card"],
)
def test_aeron_damphair_is_not_offered_without_two_power_or_another_card(hold, power):
    """Aeron Damphair asks nothing without 2 available power or another card in hand."""
    game = aeron_game(hold, power)
    lines = ["greyjoy: march the-twins -> the-fingers 2 knights"]
    if len(hold) > 1:
        lines.append("greyjoy: play aeron-damphair")
    events = fight(game, *lines)
    assert not any(e.kind == "aeron" for e in events)
    assert part(events, "greyjoy", "card") == 0
    assert game.state.power["greyjoy"] == power
    assert over(game)


# --- Tyrell -----------------------------------------------------------------------------------------


def test_mace_tyrell_kills_a_fresh_defending_footman_never_a_supporter():
    """Mace Tyrell: once the cards are revealed, one footman fighting for the opponent is destroyed: a
    fresh one before a routed one (only that lowers the opponent's strength), never a supporter."""
    game = start(
        {
            "the-twins": ("tyrell", "knight", "knight"),
            "the-fingers": ("stark", "footman", "footman!", "knight"),
            "the-mountains-of-the-moon": ("stark", "footman"),
        },
        {"the-twins": ("tyrell", "march+0"), "the-mountains-of-the-moon": ("stark", "support+0")},
        hold={"stark": ("catelyn-stark",)},
    )
    events = fight(
        game,
        "tyrell: march the-twins -> the-fingers 2 knights",
        "stark: choose stark",
        "tyrell: play mace-tyrell",
    )
    assert next(e.data["defender"] for e in events if e.kind == "combat-strength") == 4
    assert any(e.kind == "mace-tyrell" for e in events)
    assert part(events, "stark", "units") == 2  # the knight; the routed footman counts 0
    assert part(events, "stark", "support") == 1
    assert totals(events) == {"tyrell": 8, "stark": 3}
    assert lost(events, "stark") == ["footman"]  # the routed footman, which cannot retreat
    assert at(game, "the-mountains-of-the-moon") == ("stark", "footman", "knight!")
    assert over(game)


def test_mace_tyrell_defending_kills_an_attacking_footman_not_a_supporting_one():
    """Mace Tyrell defending kills a footman of the attacking army, never one in a support area."""
    game = start(
        {
            "the-twins": ("lannister", "footman", "knight"),
            "the-mountains-of-the-moon": ("lannister", "footman"),
            "the-fingers": ("tyrell", "footman"),
        },
        {"the-twins": ("lannister", "march+0"), "the-mountains-of-the-moon": ("lannister", "support+0")},
        hold={"lannister": ("cersei-lannister",)},
    )
    events = fight(
        game,
        "lannister: march the-twins -> the-fingers footman knight",
        "lannister: choose lannister",
        "tyrell: play mace-tyrell",
    )
    assert part(events, "lannister", "units") == 2
    assert part(events, "lannister", "support") == 1
    assert totals(events) == {"lannister": 3, "tyrell": 5}
    assert at(game, "the-twins") == ("lannister", "knight!")
    assert at(game, "the-mountains-of-the-moon") == ("lannister", "footman")
    assert over(game)


def test_mace_tyrell_kills_a_routed_footman_when_there_is_no_fresh_one():
    """Reading: the card destroys "a footman in the embattled area"; a routed one qualifies when no fresh
    one is there. It matters when the defender wins: that footman would otherwise survive."""
    game = start(
        {
            "the-twins": ("tyrell", "knight"),
            "the-fingers": ("stark", "footman!", "knight"),
            "the-mountains-of-the-moon": ("stark", "knight", "knight"),
        },
        {
            "the-twins": ("tyrell", "march+0"),
            "the-fingers": ("stark", "defense+1"),
            "the-mountains-of-the-moon": ("stark", "support+0"),
        },
        hold={"stark": ("catelyn-stark",)},
    )
    events = fight(
        game,
        "tyrell: march the-twins -> the-fingers knight",
        "stark: choose stark",
        "tyrell: play mace-tyrell",
    )
    assert result(events)["winner"] == "stark"
    assert at(game, "the-fingers") == ("stark", "knight")
    assert at(game, "the-twins") == ("tyrell", "knight!")


def test_mace_tyrell_without_a_footman_to_kill_does_nothing():
    """Mace Tyrell against an army without footmen does nothing."""
    game = start(
        {"the-twins": ("tyrell", "knight", "knight"), "the-fingers": ("stark", "knight")},
        {"the-twins": ("tyrell", "march+0")},
        hold={"stark": ("catelyn-stark",)},
    )
    events = fight(game, "tyrell: march the-twins -> the-fingers 2 knights", "tyrell: play mace-tyrell")
    assert not any(e.kind == "mace-tyrell" for e in events)
    assert totals(events) == {"tyrell": 8, "stark": 2}


def test_ser_loras_tyrell_keeps_his_march_order_and_marches_again():
    """Ser Loras Tyrell: attacking and winning, the March order moves into the conquered area and is
    resolved again later this round."""
    game = start(
        {"the-twins": ("tyrell", "knight", "footman"), "the-fingers": ("stark", "footman")},
        {"the-twins": ("tyrell", "march+1*")},
        hold={"stark": ("catelyn-stark",)},
    )
    events = fight(
        game, "tyrell: march the-twins -> the-fingers knight footman", "tyrell: play ser-loras-tyrell"
    )
    assert totals(events) == {"tyrell": 7, "stark": 1}
    assert any(e.kind == "loras" for e in events)
    assert order_at(game, "the-fingers") == ("tyrell", "march+1*")
    assert order_at(game, "the-twins") is None
    assert kinds(game) == [("martell", "march")]
    fight(game, "martell: march castle-black -> karhold footman")
    assert kinds(game) == [("tyrell", "march")]
    fight(game, "tyrell: march the-fingers -> the-twins footman")
    assert at(game, "the-twins") == ("tyrell", "footman")
    assert at(game, "the-fingers") == ("tyrell", "knight")
    assert order_at(game, "the-fingers") is None


def test_ser_loras_tyrell_losing_loses_the_march_order():
    """Ser Loras Tyrell's order moves only on a win: losing, the March order goes as usual."""
    game = start(
        {"the-twins": ("tyrell", "footman"), "the-fingers": ("stark", "footman", "knight")},
        {"the-twins": ("tyrell", "march+0")},
        hold={"stark": ("eddard-stark",)},
    )
    events = fight(game, "tyrell: march the-twins -> the-fingers footman", "tyrell: play ser-loras-tyrell")
    assert result(events)["winner"] == "stark"
    assert not any(e.kind == "loras" for e in events)
    assert order_at(game, "the-twins") is None
    assert order_at(game, "the-fingers") is None
    assert over(game)


def test_queen_of_thorns_removes_an_adjacent_order_and_its_support_stops():
    """Queen of Thorns: Tyrell removes one order of the opponent next to the battle (not one in the
    embattled area); a Support order removed no longer adds its strength."""
    game = start(
        {
            "the-twins": ("tyrell", "knight", "knight"),
            "the-fingers": ("stark", "footman"),
            "the-mountains-of-the-moon": ("stark", "footman"),
            "the-narrow-sea": ("stark", "ship"),
        },
        {
            "the-twins": ("tyrell", "march+0"),
            "the-fingers": ("stark", "defense+1"),
            "the-mountains-of-the-moon": ("stark", "support+0"),
            "the-narrow-sea": ("stark", "raid"),
        },
        hold={"stark": ("catelyn-stark",)},
    )
    events = fight(
        game,
        "tyrell: march the-twins -> the-fingers 2 knights",
        "stark: choose stark",
        "tyrell: play queen-of-thorns",
    )
    assert next(e.data["defender"] for e in events if e.kind == "combat-strength") == 3
    assert kinds(game) == [("tyrell", "queen-of-thorns")]
    assert offered(game) == ["choose the-mountains-of-the-moon", "choose the-narrow-sea"]
    rejected(game, "tyrell: choose the-fingers", "Choose one of")
    events = fight(game, "tyrell: choose the-mountains-of-the-moon")
    assert order_at(game, "the-mountains-of-the-moon") is None
    assert order_at(game, "the-narrow-sea") == ("stark", "raid")
    assert part(events, "stark", "support") == 0
    assert totals(events) == {"tyrell": 4, "stark": 3}  # Catelyn Stark doubles the Defense order
    assert result(events)["winner"] == "tyrell"


@pytest.mark.parametrize("raid", [False, True], ids=["march-order-only", "march-and-raid"])
def test_queen_of_thorns_never_removes_the_march_order_that_began_the_combat(raid):
    """Next to the attacker's own March order, Queen of Thorns cannot take it; with one other order there
    it removes that one without asking, with none it does nothing."""
    units: UnitsSpec = {"the-twins": ("stark", "knight"), "the-fingers": ("tyrell", "footman", "footman")}
    orders = {"the-twins": ("stark", "march+0")}
    if raid:
        units["the-mountains-of-the-moon"] = ("stark", "footman")
        orders["the-mountains-of-the-moon"] = ("stark", "raid")
    game = start(units, orders, hold={"stark": ("catelyn-stark",)})
    events = fight(game, "stark: march the-twins -> the-fingers knight", "tyrell: play queen-of-thorns")
    removed = [e.data["area"] for e in events if e.kind == "queen-of-thorns"]
    assert removed == (["the-mountains-of-the-moon"] if raid else [])
    assert "the-mountains-of-the-moon" not in game.state.orders
    assert result(events)["winner"] == "tyrell"
    assert at(game, "the-twins") == ("stark", "knight!")
    assert over(game)


# --- Baratheon --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("throne", "strength"),
    [(["baratheon", "stark"], 4), (["stark", "baratheon"], 5)],
    ids=["baratheon-higher", "opponent-higher"],
)
def test_stannis_baratheon_gains_one_against_a_house_higher_on_the_iron_throne(throne, strength):
    """Stannis Baratheon: +1 while the opponent stands above Baratheon on the Iron Throne track."""
    game = start(
        {"the-twins": ("baratheon", "knight", "knight"), "the-fingers": ("stark", "footman", "footman")},
        {"the-twins": ("baratheon", "march+0")},
        hold={"stark": ("catelyn-stark",)},
        throne=[*throne, "lannister", "greyjoy", "tyrell", "martell"],
    )
    events = fight(
        game, "baratheon: march the-twins -> the-fingers 2 knights", "baratheon: play stannis-baratheon"
    )
    assert part(events, "baratheon", "card") == strength
    assert over(game)


def renly_game() -> ThronesGame:
    """Baratheon attacks Stoney Sept with a footman and a knight, backed by its own footman in Harrenhal
    and by a Tyrell footman in Riverrun."""
    return start(
        {
            "blackwater": ("baratheon", "footman", "knight"),
            "stoney-sept": ("lannister", "footman", "footman"),
            "harrenhal": ("baratheon", "footman"),
            "riverrun": ("tyrell", "footman"),
        },
        {
            "blackwater": ("baratheon", "march+0"),
            "harrenhal": ("baratheon", "support+0"),
            "riverrun": ("tyrell", "support+0"),
        },
        hold={"lannister": ("cersei-lannister",)},
    )


RENLY_BATTLE = (
    "baratheon: march blackwater -> stoney-sept footman knight",
    "baratheon: choose baratheon",
    "tyrell: choose baratheon",
    "baratheon: choose accept",
    "baratheon: play renly-baratheon",
)


def test_renly_baratheon_upgrades_a_supporting_footman():
    """Renly Baratheon: on a win, one Baratheon footman that took part, fighting or in a Baratheon support
    area backing Baratheon, becomes a knight from the reserve; never another house's supporter."""
    game = renly_game()
    events = fight(game, *RENLY_BATTLE)
    assert totals(events) == {"baratheon": 8, "lannister": 2}
    assert kinds(game) == [("baratheon", "renly")]
    assert offered(game) == ["choose stoney-sept", "choose harrenhal", "choose none"]
    rejected(game, "baratheon: choose riverrun", "Choose one of")
    events = fight(game, "baratheon: choose harrenhal")
    assert any(e.kind == "renly" for e in events)
    assert at(game, "harrenhal") == ("baratheon", "knight")
    assert at(game, "riverrun") == ("tyrell", "footman")
    fight(game, "lannister: choose searoad-marches")
    assert at(game, "stoney-sept") == ("baratheon", "footman", "knight")
    assert over(game)


def test_renly_baratheon_upgrades_a_fighting_footman_or_none():
    """Renly Baratheon may upgrade an attacking footman, or nothing at all."""
    game = renly_game()
    fight(game, *RENLY_BATTLE, "baratheon: choose stoney-sept", "lannister: choose searoad-marches")
    assert at(game, "stoney-sept") == ("baratheon", "knight", "knight")
    assert at(game, "harrenhal") == ("baratheon", "footman")

    game = renly_game()
    fight(game, *RENLY_BATTLE, "baratheon: choose none", "lannister: choose searoad-marches")
    assert at(game, "stoney-sept") == ("baratheon", "footman", "knight")
    assert at(game, "harrenhal") == ("baratheon", "footman")


def test_renly_baratheon_needs_a_knight_in_reserve():
    """Renly Baratheon offers nothing when no knight is left in Baratheon's reserve."""
    game = start(
        {
            "the-twins": ("baratheon", "footman", "knight"),
            "the-fingers": ("stark", "footman"),
            "storms-end": ("baratheon", "knight", "knight"),
            "dragonstone": ("baratheon", "knight", "knight"),
        },
        {"the-twins": ("baratheon", "march+0")},
        hold={"stark": ("catelyn-stark",)},
    )
    events = fight(
        game, "baratheon: march the-twins -> the-fingers footman knight", "baratheon: play renly-baratheon"
    )
    assert result(events)["winner"] == "baratheon"
    assert over(game)  # all five knights are on the board: nothing to offer
    assert at(game, "the-fingers") == ("baratheon", "footman", "knight")


@pytest.mark.parametrize(("stannis_discarded", "card", "swords"), [(True, 3, 1), (False, 2, 0)])
def test_ser_davos_seaworth_gains_strength_and_a_sword_with_stannis_discarded(
    stannis_discarded, card, swords
):
    """Ser Davos Seaworth: +1 strength and a sword while Stannis Baratheon is in Baratheon's discard pile."""
    hold = tuple(c for c in DECK["baratheon"] if not (stannis_discarded and c == "stannis-baratheon"))
    game = start(
        {
            "the-twins": ("baratheon", "knight", "knight"),
            "the-fingers": ("stark", "footman", "footman", "footman"),
        },
        {"the-twins": ("baratheon", "march+0")},
        hold={"stark": ("catelyn-stark",), "baratheon": hold},
    )
    events = fight(
        game, "baratheon: march the-twins -> the-fingers 2 knights", "baratheon: play ser-davos-seaworth"
    )
    assert part(events, "baratheon", "card") == card
    assert lost(events, "stark") == ["footman"] * swords


def salladhor_game() -> ThronesGame:
    """Greyjoy attacks Baratheon's two footmen in the Searoad Marches, with a ship of its own (Sunset Sea)
    and a Lannister ship (the Golden Sound) in support; Baratheon may be backed by its footman in the
    Reach and its ship in the West Summer Sea."""
    return start(
        {
            "stoney-sept": ("greyjoy", "knight", "footman"),
            "searoad-marches": ("baratheon", "footman", "footman"),
            "sunset-sea": ("greyjoy", "ship"),
            "the-golden-sound": ("lannister", "ship"),
            "the-reach": ("baratheon", "footman"),
            "west-summer-sea": ("baratheon", "ship"),
        },
        {
            "stoney-sept": ("greyjoy", "march+0"),
            "sunset-sea": ("greyjoy", "support+0"),
            "the-golden-sound": ("lannister", "support+0"),
            "the-reach": ("baratheon", "support+0"),
            "west-summer-sea": ("baratheon", "support+0"),
        },
        hold={"greyjoy": ("dagmar-cleftjaw",)},
        throne=["greyjoy", "baratheon", "lannister", "stark", "tyrell", "martell"],
    )


@pytest.mark.parametrize(
    ("backs", "greyjoy_support", "baratheon_support", "winner"),
    [("baratheon", 0, 2, "baratheon"), ("none", 2, 0, "greyjoy")],
    ids=["baratheon-supported", "baratheon-alone"],
)
def test_salladhor_saan_makes_other_houses_ships_count_zero_when_baratheon_is_supported(
    backs, greyjoy_support, baratheon_support, winner
):
    """Salladhor Saan: while Baratheon has support, no ship but Baratheon's adds strength, on either side."""
    game = salladhor_game()
    events = fight(
        game,
        "greyjoy: march stoney-sept -> searoad-marches knight footman",
        "greyjoy: choose greyjoy",
        f"baratheon: choose {backs}",
        f"baratheon: choose {backs}",
        "lannister: choose greyjoy",
        "greyjoy: choose accept",
        "baratheon: play salladhor-saan",
    )
    assert part(events, "greyjoy", "support") == greyjoy_support
    assert part(events, "baratheon", "support") == baratheon_support  # its own ship still counts
    assert result(events)["winner"] == winner


def test_salladhor_saan_outweighs_victarion_greyjoy_at_sea():
    """Victarion doubles Greyjoy's attacking ships, but with Baratheon supported they count 0 all the same."""
    game = start(
        {
            "ironmans-bay": ("greyjoy", "ship", "ship"),
            "the-golden-sound": ("baratheon", "ship", "ship"),
            "sunset-sea": ("baratheon", "ship"),
        },
        {"ironmans-bay": ("greyjoy", "march+0"), "sunset-sea": ("baratheon", "support+0")},
        throne=["greyjoy", "baratheon", "lannister", "stark", "tyrell", "martell"],
    )
    events = fight(
        game,
        "greyjoy: march ironmans-bay -> the-golden-sound 2 ships",
        "baratheon: choose baratheon",
        "greyjoy: play victarion-greyjoy",
        "baratheon: play salladhor-saan",
    )
    assert part(events, "greyjoy", "units") == 0
    assert totals(events) == {"greyjoy": 3, "baratheon": 4}
    assert at(game, "ironmans-bay") == ("greyjoy", "ship!", "ship!")
    assert over(game)


def patchface_game(stark_cards: tuple[str, ...]) -> ThronesGame:
    """Baratheon's two knights attack two Stark footmen and lose; Baratheon plays Patchface."""
    return start(
        {"the-twins": ("baratheon", "knight", "knight"), "the-fingers": ("stark", "footman", "footman")},
        {"the-twins": ("baratheon", "march+0")},
        hold={"stark": stark_cards},
    )


def test_patchface_discards_a_card_from_the_opponents_hand_after_the_combat():
    """Patchface: after the combat, win or lose, Baratheon may discard one card of the opponent's hand."""
    game = patchface_game(("robb-stark", "eddard-stark", "catelyn-stark"))
    events = fight(
        game,
        "baratheon: march the-twins -> the-fingers 2 knights",
        "baratheon: play patchface",
        "stark: play robb-stark",
    )
    assert result(events)["winner"] == "stark"
    assert at(game, "the-twins") == ("baratheon", "knight!", "knight!")  # the battle itself is over
    assert kinds(game) == [("baratheon", "patchface")]
    assert offered(game) == ["discard eddard-stark", "discard catelyn-stark", "choose skip"]
    rejected(game, "baratheon: discard robb-stark", "not in House Stark's hand")
    rejected(game, "stark: discard eddard-stark")
    events = fight(game, "baratheon: discard eddard-stark")
    assert any(e.kind == "patchface" for e in events)
    assert game.state.hands["stark"] == ["catelyn-stark"]
    assert {"robb-stark", "eddard-stark"} <= set(game.state.discards["stark"])
    assert over(game)


def test_patchface_may_discard_nothing():
    """Patchface is optional: skipped, the opponent's hand is untouched."""
    game = patchface_game(("robb-stark", "eddard-stark", "catelyn-stark"))
    fight(
        game,
        "baratheon: march the-twins -> the-fingers 2 knights",
        "baratheon: play patchface",
        "stark: play robb-stark",
        "baratheon: choose skip",
    )
    assert game.state.hands["stark"] == ["eddard-stark", "catelyn-stark"]
    assert over(game)


def test_patchface_emptying_the_hand_brings_the_discards_back_but_the_card_it_took():
    """When Patchface takes the last card of a hand, the refill rule applies: every other discarded card
    returns, the one Patchface took stays."""
    game = patchface_game(("robb-stark", "eddard-stark"))
    fight(
        game,
        "baratheon: march the-twins -> the-fingers 2 knights",
        "baratheon: play patchface",
        "stark: play robb-stark",
    )
    assert offered(game) == ["discard eddard-stark", "choose skip"]
    fight(game, "baratheon: discard eddard-stark")
    assert sorted(game.state.hands["stark"]) == sorted(c for c in DECK["stark"] if c != "eddard-stark")
    assert game.state.discards["stark"] == ["eddard-stark"]
    assert over(game)


def test_patchface_after_the_seventh_card_picks_from_the_six_that_came_back():
    """Patchface acts after the end of combat: an opponent that played its seventh card already has six
    back."""
    game = patchface_game(("robb-stark",))
    fight(game, "baratheon: march the-twins -> the-fingers 2 knights", "baratheon: play patchface")
    assert sorted(game.state.hands["stark"]) == sorted(c for c in DECK["stark"] if c != "robb-stark")
    assert game.state.discards["stark"] == ["robb-stark"]
    assert len(offered(game)) == 7  # six cards, or skip
    fight(game, "baratheon: discard eddard-stark")
    assert len(game.state.hands["stark"]) == 5
    assert sorted(game.state.discards["stark"]) == ["eddard-stark", "robb-stark"]


# --- Martell ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("side", ["attacking", "defending"])
def test_nymeria_sand_has_a_sword_attacking_and_a_fortification_defending(side):
    """Nymeria Sand: a sword when Martell attacks, a fortification when it defends; never both."""
    if side == "attacking":
        game = start(
            {
                "the-twins": ("martell", "knight", "knight"),
                "the-fingers": ("stark", "footman", "footman", "footman"),
            },
            {"the-twins": ("martell", "march+0")},
            hold={"stark": ("catelyn-stark",)},
        )
        events = fight(
            game, "martell: march the-twins -> the-fingers 2 knights", "martell: play nymeria-sand"
        )
        assert result(events)["winner"] == "martell"
        assert lost(events, "stark") == ["footman"]
    else:
        game = start(
            {
                "the-twins": ("lannister", "knight", "knight", "knight"),
                "the-fingers": ("martell", "footman", "footman", "footman"),
            },
            {"the-twins": ("lannister", "march+0")},
            hold={"lannister": ("ser-gregor-clegane",)},
        )
        events = fight(
            game, "lannister: march the-twins -> the-fingers 3 knights", "martell: play nymeria-sand"
        )
        assert result(events)["winner"] == "lannister"
        assert lost(events, "martell") == ["footman", "footman"]  # three swords, one fortification
    assert part(events, "martell", "card") == 1


def test_arianne_martell_stops_the_winning_attacker_from_advancing():
    """Arianne Martell: when Martell defends and loses, the attackers stay where they marched from, not
    routed; Martell still takes its casualties and retreats, and both orders of the battle go."""
    game = start(
        {"the-twins": ("lannister", "knight", "knight"), "the-fingers": ("martell", "footman", "footman")},
        {"the-twins": ("lannister", "march+0"), "the-fingers": ("martell", "defense+1")},
        hold={"lannister": ("ser-jaime-lannister",)},
    )
    events = fight(
        game, "lannister: march the-twins -> the-fingers 2 knights", "martell: play arianne-martell"
    )
    assert totals(events) == {"lannister": 6, "martell": 4}
    assert lost(events, "martell") == ["footman"]  # Ser Jaime's sword
    assert any(e.kind == "arianne" for e in events)
    assert at(game, "the-mountains-of-the-moon") == ("martell", "footman!")
    assert at(game, "the-fingers") == ()
    assert at(game, "the-twins") == ("lannister", "knight", "knight")
    assert order_at(game, "the-twins") is None
    assert order_at(game, "the-fingers") is None
    assert over(game)


def test_arianne_martell_does_nothing_when_martell_wins():
    """Arianne Martell acts only when Martell loses: a beaten attacker retreats routed as usual."""
    game = start(
        {"the-twins": ("lannister", "knight"), "the-fingers": ("martell", "footman", "footman")},
        {"the-twins": ("lannister", "march+0")},
        hold={"lannister": ("cersei-lannister",)},
    )
    events = fight(game, "lannister: march the-twins -> the-fingers knight", "martell: play arianne-martell")
    assert result(events)["winner"] == "martell"
    assert not any(e.kind == "arianne" for e in events)
    assert at(game, "the-twins") == ("lannister", "knight!")


def test_arianne_martell_also_stops_ser_loras_tyrells_march_order():
    """Arianne Martell keeps Ser Loras Tyrell out, and his March order with him: it is removed."""
    game = start(
        {"the-twins": ("tyrell", "knight", "knight"), "the-fingers": ("martell", "footman")},
        {"the-twins": ("tyrell", "march+0")},
    )
    events = fight(
        game,
        "tyrell: march the-twins -> the-fingers 2 knights",
        "tyrell: play ser-loras-tyrell",
        "martell: play arianne-martell",
    )
    assert result(events)["winner"] == "tyrell"
    assert not any(e.kind == "loras" for e in events)
    assert at(game, "the-twins") == ("tyrell", "knight", "knight")
    assert at(game, "the-fingers") == ()
    assert order_at(game, "the-twins") is None
    assert order_at(game, "the-fingers") is None
    assert over(game)


def doran_game(martell: tuple[str, ...], *, blade_used: bool = False) -> ThronesGame:
    """Greyjoy, first on the Fiefdoms track (the Valyrian Steel Blade), attacks Martell with two knights and
    Dagmar Cleftjaw."""
    return start(
        {"the-twins": ("greyjoy", "knight", "knight"), "the-fingers": ("martell", *martell)},
        {"the-twins": ("greyjoy", "march+0")},
        hold={"greyjoy": ("dagmar-cleftjaw",)},
        fiefdoms=["greyjoy", "tyrell", "martell", "stark", "baratheon", "lannister"],
        blade_used=blade_used,
    )


@pytest.mark.parametrize("blade_used", [False, True], ids=["blade-unused", "blade-used"])
def test_doran_martell_on_the_fiefdoms_track_takes_the_blade_from_its_holder(blade_used):
    """Doran Martell: the opponent drops to the bottom of a track Martell chooses; the dominance token
    follows the new first place at once, used or unused as it was. Greyjoy, one behind, loses the blade."""
    game = doran_game(("knight", "knight", "knight"), blade_used=blade_used)
    fight(game, "greyjoy: march the-twins -> the-fingers 2 knights", "martell: play doran-martell")
    assert kinds(game) == [("martell", "doran")]
    assert offered(game) == ["choose throne", "choose fiefdoms"]  # Greyjoy is already last at court
    rejected(game, "martell: choose court", "Choose one of")
    events = fight(game, "martell: choose fiefdoms")
    assert game.state.fiefdoms == ["tyrell", "martell", "stark", "baratheon", "lannister", "greyjoy"]
    assert game.state.blade_used is blade_used
    assert not any(e.kind == "blade" for e in events)
    assert totals(events) == {"greyjoy": 5, "martell": 6}
    assert result(events)["winner"] == "martell"


def test_doran_martell_elsewhere_leaves_the_blade_with_its_holder():
    """Doran Martell on another track leaves the blade with Greyjoy, who may use it."""
    game = doran_game(("knight", "knight", "knight"))
    fight(game, "greyjoy: march the-twins -> the-fingers 2 knights", "martell: play doran-martell")
    fight(game, "martell: choose throne")
    assert game.state.throne[-1] == "greyjoy"
    assert kinds(game) == [("greyjoy", "blade")]
    events = fight(game, "greyjoy: choose use")
    assert game.state.blade_used
    assert totals(events) == {"greyjoy": 6, "martell": 6}
    assert result(events)["winner"] == "greyjoy"  # a tie, won on the Fiefdoms track


def test_doran_martell_on_the_fiefdoms_track_turns_a_tie():
    """Ties go to the better Fiefdoms position after Doran Martell moved it."""
    game = doran_game(("knight", "knight", "footman"))
    events = fight(
        game,
        "greyjoy: march the-twins -> the-fingers 2 knights",
        "martell: play doran-martell",
        "martell: choose fiefdoms",
    )
    assert totals(events) == {"greyjoy": 5, "martell": 5}
    assert result(events)["winner"] == "martell"  # now above Greyjoy on the Fiefdoms track


def test_doran_martell_with_one_track_left_chooses_it_without_asking():
    """Doran Martell offers only tracks where the opponent is not last already; with one, it is used
    without a question."""
    game = start(
        {"the-twins": ("martell", "knight", "knight"), "the-fingers": ("stark", "footman")},
        {"the-twins": ("martell", "march+0")},
        hold={"stark": ("catelyn-stark",)},
        throne=["martell", "greyjoy", "lannister", "tyrell", "baratheon", "stark"],
        fiefdoms=["greyjoy", "tyrell", "martell", "lannister", "baratheon", "stark"],
    )
    events = fight(game, "martell: march the-twins -> the-fingers 2 knights", "martell: play doran-martell")
    assert [e.data["track"] for e in events if e.kind == "doran"] == ["court"]
    assert game.state.court == ["lannister", "martell", "baratheon", "tyrell", "greyjoy", "stark"]
    assert over(game)


def test_doran_martell_against_a_house_last_everywhere_does_nothing():
    """Doran Martell against a house last on every track does nothing."""
    game = start(
        {"the-twins": ("martell", "knight", "knight"), "the-fingers": ("stark", "footman")},
        {"the-twins": ("martell", "march+0")},
        hold={"stark": ("catelyn-stark",)},
        throne=["martell", "greyjoy", "lannister", "tyrell", "baratheon", "stark"],
        fiefdoms=["greyjoy", "tyrell", "martell", "lannister", "baratheon", "stark"],
        court=["lannister", "martell", "baratheon", "tyrell", "greyjoy", "stark"],
    )
    events = fight(game, "martell: march the-twins -> the-fingers 2 knights", "martell: play doran-martell")
    assert not any(e.kind == "doran" for e in events)
    assert over(game)


def test_doran_martell_on_the_iron_throne_takes_it_from_the_holder_at_once():
    """Doran Martell on the Iron Throne track moves its dominance token to the new first house at once."""
    game = start(
        {"the-twins": ("lannister", "knight", "knight"), "the-fingers": ("martell", "footman")},
        {"the-twins": ("lannister", "march+0")},
        hold={"lannister": ("ser-jaime-lannister",)},
    )
    assert game.state.throne[0] == "lannister"
    fight(game, "lannister: march the-twins -> the-fingers 2 knights", "martell: play doran-martell")
    fight(game, "martell: choose throne")
    assert game.state.throne == ["stark", "greyjoy", "tyrell", "baratheon", "martell", "lannister"]
    assert over(game)


# --- interactions -----------------------------------------------------------------------------------


def test_a_house_that_plays_its_seventh_card_takes_the_other_six_back():
    """At the end of a combat a house that played its last card takes back the other six; the card it
    played stays in the discard pile."""
    game = start(
        {"the-twins": ("lannister", "knight", "knight"), "the-fingers": ("stark", "footman")},
        {"the-twins": ("lannister", "march+0")},
        hold={"stark": ("eddard-stark",), "lannister": ("cersei-lannister",)},
    )
    fight(game, "lannister: march the-twins -> the-fingers 2 knights")  # both play their only card
    for house, card in (("stark", "eddard-stark"), ("lannister", "cersei-lannister")):
        assert sorted(game.state.hands[house]) == sorted(c for c in DECK[house] if c != card)
        assert game.state.discards[house] == [card]
    assert over(game)


def test_aeron_damphair_swapped_for_the_last_card_comes_back_with_the_others():
    """The card Aeron Damphair brought in is the last one played: it stays discarded, Aeron returns."""
    game = aeron_game(("aeron-damphair", "euron-crows-eye"), 5)
    fight(
        game,
        "greyjoy: march the-twins -> the-fingers 2 knights",
        "greyjoy: play aeron-damphair",
        "greyjoy: play euron-crows-eye",
    )
    assert sorted(game.state.hands["greyjoy"]) == sorted(c for c in DECK["greyjoy"] if c != "euron-crows-eye")
    assert game.state.discards["greyjoy"] == ["euron-crows-eye"]


def test_tyrion_lannister_cancels_before_any_other_text_acts():
    """Texts that cancel come first, whatever the Iron Throne order: Doran Martell, sent back, never acts."""
    game = start(
        {"the-twins": ("martell", "knight", "knight"), "the-fingers": ("lannister", "footman")},
        {"the-twins": ("martell", "march+0")},
        hold={"martell": ("doran-martell", "darkstar"), "lannister": ("tyrion-lannister", "the-hound")},
    )
    tracks = (list(game.state.throne), list(game.state.fiefdoms), list(game.state.court))
    events = fight(
        game,
        "martell: march the-twins -> the-fingers 2 knights",
        "martell: play doran-martell",
        "lannister: play tyrion-lannister",
        "lannister: choose cancel",  # Darkstar is Martell's only other card
    )
    assert not any(e.kind == "doran" for e in events)
    assert (game.state.throne, game.state.fiefdoms, game.state.court) == tracks
    assert part(events, "martell", "card") == 2
    assert game.state.hands["martell"] == ["doran-martell"]


def test_stannis_baratheon_counts_the_iron_throne_after_doran_martell_moved_it():
    """Stannis Baratheon compares Iron Throne positions when strength is counted, after Doran Martell's
    move."""
    game = start(
        {"the-twins": ("baratheon", "knight", "knight"), "the-fingers": ("martell", "footman", "footman")},
        {"the-twins": ("baratheon", "march+0")},
    )
    fight(
        game,
        "baratheon: march the-twins -> the-fingers 2 knights",
        "baratheon: play stannis-baratheon",
        "martell: play doran-martell",
    )
    assert offered(game) == ["choose throne", "choose fiefdoms", "choose court"]
    events = fight(game, "martell: choose throne")
    assert game.state.throne[-1] == "baratheon"
    assert part(events, "baratheon", "card") == 5  # Martell now stands above Baratheon
    assert over(game)


def test_queen_of_thorns_removing_greyjoys_only_support_turns_asha_greyjoys_icons_on():
    """Queen of Thorns removing Greyjoy's only Support order leaves Greyjoy unsupported: Asha Greyjoy
    gains her icons."""
    game = start(
        {
            "the-twins": ("greyjoy", "knight", "knight"),
            "the-narrow-sea": ("greyjoy", "ship"),
            "the-fingers": ("tyrell", "footman", "footman", "footman"),
        },
        {"the-twins": ("greyjoy", "march+0"), "the-narrow-sea": ("greyjoy", "support+0")},
    )
    events = fight(
        game,
        "greyjoy: march the-twins -> the-fingers 2 knights",
        "greyjoy: choose greyjoy",
        "greyjoy: play asha-greyjoy",
        "tyrell: play queen-of-thorns",  # the Narrow Sea is the only candidate: removed without asking
    )
    assert [e.data["area"] for e in events if e.kind == "queen-of-thorns"] == ["the-narrow-sea"]
    assert part(events, "greyjoy", "support") == 0
    assert totals(events) == {"greyjoy": 5, "tyrell": 3}
    assert lost(events, "tyrell") == ["footman", "footman"]  # Asha Greyjoy unsupported: two swords
    assert at(game, "the-mountains-of-the-moon") == ("tyrell", "footman!")


def test_queen_of_thorns_never_removes_a_third_houses_order():
    """Only the opponent's orders are candidates: a Lannister Support order backing Stark stays."""
    game = start(
        {
            "the-twins": ("tyrell", "knight", "knight"),
            "the-fingers": ("stark", "footman"),
            "the-mountains-of-the-moon": ("lannister", "footman"),
        },
        {"the-twins": ("tyrell", "march+0"), "the-mountains-of-the-moon": ("lannister", "support+0")},
        hold={"stark": ("catelyn-stark",)},
    )
    events = fight(
        game,
        "tyrell: march the-twins -> the-fingers 2 knights",
        "lannister: choose stark",
        "stark: choose accept",
        "tyrell: play queen-of-thorns",
    )
    assert not any(e.kind == "queen-of-thorns" for e in events)
    assert order_at(game, "the-mountains-of-the-moon") == ("lannister", "support+0")
    assert part(events, "stark", "support") == 1


def test_mace_tyrell_killing_the_only_defender_lets_the_attacker_walk_in():
    """Mace Tyrell may kill the only defender: nothing is left to retreat and the attacker moves in."""
    game = start(
        {"the-twins": ("tyrell", "knight"), "the-fingers": ("stark", "footman")},
        {"the-twins": ("tyrell", "march+0"), "the-fingers": ("stark", "defense+1")},
        hold={"stark": ("ser-rodrick-cassel",)},
    )
    events = fight(game, "tyrell: march the-twins -> the-fingers knight", "tyrell: play mace-tyrell")
    assert part(events, "stark", "units") == 0
    assert result(events)["winner"] == "tyrell"
    assert at(game, "the-fingers") == ("tyrell", "knight")
    assert at(game, "the-mountains-of-the-moon") == ()
    assert order_at(game, "the-fingers") is None
    assert over(game)


def test_renly_baratheon_defending_upgrades_a_defending_footman():
    """Renly Baratheon defending and winning may upgrade a footman of the defending army."""
    game = start(
        {"the-twins": ("stark", "knight"), "the-fingers": ("baratheon", "footman", "footman")},
        {"the-twins": ("stark", "march+0")},
        hold={"stark": ("catelyn-stark",)},
    )
    fight(game, "stark: march the-twins -> the-fingers knight", "baratheon: play renly-baratheon")
    assert offered(game) == ["choose the-fingers", "choose none"]
    fight(game, "baratheon: choose the-fingers")
    assert at(game, "the-fingers") == ("baratheon", "footman", "knight")
    assert over(game)


def test_patchface_picks_from_the_hand_roose_bolton_just_refilled():
    """Roose Bolton acts once the winner is known, Patchface after the combat: Patchface chooses among
    all seven Stark cards."""
    game = start(
        {"the-twins": ("baratheon", "knight", "knight"), "the-fingers": ("stark", "footman")},
        {"the-twins": ("baratheon", "march+0")},
        hold={"stark": ("roose-bolton", "eddard-stark")},
    )
    fight(
        game,
        "baratheon: march the-twins -> the-fingers 2 knights",
        "baratheon: play patchface",
        "stark: play roose-bolton",
    )
    assert sorted(game.state.hands["stark"]) == sorted(DECK["stark"])
    assert len(offered(game)) == 8
    fight(game, "baratheon: discard roose-bolton")
    assert game.state.discards["stark"] == ["roose-bolton"]
    assert len(game.state.hands["stark"]) == 6
    assert over(game)


def test_house_cards_are_chosen_in_secret_and_may_be_changed_until_both_are_in():
    """Both sides choose at once: a choice is seen by nobody else and may be changed until the other side
    has chosen; then both are revealed together."""
    game = start(
        {"the-twins": ("lannister", "knight", "knight"), "the-fingers": ("stark", "footman")},
        {"the-twins": ("lannister", "march+0")},
    )
    fight(game, "lannister: march the-twins -> the-fingers 2 knights")
    assert sorted(kinds(game)) == [("lannister", "house-card"), ("stark", "house-card")]
    rejected(game, "stark: play tywin-lannister", "not in your hand")
    events = fight(game, "stark: play eddard-stark")
    assert not any("eddard" in e.text for e in events)
    assert kinds(game) == [("lannister", "house-card")]
    assert "eddard-stark" not in str(game.view("lannister")["procedure"])
    fight(game, "stark: play ser-rodrick-cassel")  # a change of mind
    events = fight(game, "lannister: play the-hound")
    revealed = next(e.data["cards"] for e in events if e.kind == "house-cards")
    assert revealed == {"lannister": "the-hound", "stark": "ser-rodrick-cassel"}


def test_aeron_damphairs_replacement_is_a_normal_play():
    """The card Aeron Damphair brings in counts in full, its text included: Balon Greyjoy zeroes Eddard."""
    game = start(
        {"the-twins": ("stark", "knight", "knight"), "the-fingers": ("greyjoy", "footman", "footman")},
        {"the-twins": ("stark", "march+0")},
        hold={"stark": ("eddard-stark",), "greyjoy": ("aeron-damphair", "balon-greyjoy")},
    )
    events = fight(
        game,
        "stark: march the-twins -> the-fingers 2 knights",
        "greyjoy: play aeron-damphair",
        "greyjoy: play balon-greyjoy",
    )
    assert part(events, "stark", "card") == 0
    assert part(events, "greyjoy", "card") == 2
    assert totals(events) == {"stark": 4, "greyjoy": 4}


def test_immediate_texts_resolve_in_iron_throne_order():
    """Doran Martell and Queen of Thorns both ask a question once the cards are revealed: Martell, higher on
    the Iron Throne track, answers first, then Tyrell."""
    game = start(
        {
            "the-twins": ("tyrell", "knight", "knight"),
            "the-fingers": ("martell", "footman"),
            "the-mountains-of-the-moon": ("martell", "footman"),
            "the-narrow-sea": ("martell", "ship"),
        },
        {
            "the-twins": ("tyrell", "march+0"),
            "the-mountains-of-the-moon": ("martell", "raid"),
            "the-narrow-sea": ("martell", "raid"),
        },
        throne=["martell", "tyrell", "stark", "lannister", "greyjoy", "baratheon"],
    )
    fight(
        game,
        "tyrell: march the-twins -> the-fingers 2 knights",
        "tyrell: play queen-of-thorns",
        "martell: play doran-martell",
    )
    assert kinds(game) == [("martell", "doran")]
    rejected(game, "tyrell: choose the-narrow-sea", "waits for House Martell")
    fight(game, "martell: choose court")
    assert kinds(game) == [("tyrell", "queen-of-thorns")]
    fight(game, "tyrell: choose the-narrow-sea")
    assert order_at(game, "the-narrow-sea") is None
    assert game.state.court[-1] == "tyrell"


def test_a_card_tyrion_sent_back_cannot_return_through_aeron_damphair():
    """Tyrion Lannister's "must choose a different card" holds for the whole combat: Aeron Damphair, played
    as the replacement, may not swap back to the card Tyrion sent back."""
    game = start(
        {"the-twins": ("lannister", "knight", "knight"), "the-fingers": ("greyjoy", "footman", "footman")},
        {"the-twins": ("lannister", "march+0")},
        hold={
            "lannister": ("tyrion-lannister", "the-hound"),
            "greyjoy": ("euron-crows-eye", "aeron-damphair", "balon-greyjoy"),
        },
    )
    fight(
        game,
        "lannister: march the-twins -> the-fingers 2 knights",
        "lannister: play tyrion-lannister",
        "greyjoy: play euron-crows-eye",
        "lannister: choose cancel",
        "greyjoy: play aeron-damphair",
    )
    assert kinds(game) == [("greyjoy", "aeron")]
    assert offered(game) == ["play balon-greyjoy", "choose skip"]
    rejected(game, "greyjoy: play euron-crows-eye", "cannot be played again")
