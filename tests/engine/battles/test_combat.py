"""The combat sequence (B9, B10, B14): engagement tokens, flank rerolls, parting blows, counterattacks,
Loyal, Heavy Armor, Unwieldy, cover and resilience, War Hounds, advancing and pursuing; the rulebook's
worked examples of an attack, of cavalry's valor immunity and of a counterattack, played through the engine
with the dice their text gives. Every decision of the other player has a default and the "reaction"
deadline category."""

from __future__ import annotations

import pytest

from engine.battles import attack, engagement, keywords
from engine.battles.game import BattlesGame
from engine.core.errors import IllegalAction
from tests.engine.battles.helpers import PLAIN, at, battle, changed, engaged, kinds, options, rig, turn


def ordered(game: BattlesGame, house: str, tokens: list[str]) -> BattlesGame:
    """The game at ``house``'s turn with those order tokens (the other house holding none)."""
    other = "lannister" if house == "stark" else "stark"
    return changed(game, stack=turn(house), pools={house: tokens, other: []})


def weakened(game: BattlesGame, place: str, strength: int) -> BattlesGame:
    """The game with the unit at ``place`` down to ``strength`` figures."""
    units = game.to_position()["units"]
    uid = game.state.unit_at(place)
    return changed(game, units={**units, uid: {**units[uid], "strength": strength}})


def events_of(events, kind):
    return [e for e in events if e.kind == kind]


def test_the_attack_example_played_through_the_engine(monkeypatch):
    """A blue Northern Warhost attacks a green Lannister unit: three dice, valor, a green shield and a blue
    shield; valor and the green shield hit, the blue misses; two figures go, and the Warhost's house puts its
    engagement token between them."""
    game = battle(PLAIN, {"E5": "stark northern-warhost blue", "E4": "lannister lannisport-guard green"})
    game = ordered(game, "stark", ["blue"])
    rig(monkeypatch, ["valor", "green", "blue"])
    game.apply("stark", "token blue E5")
    game.apply("stark", "move done")
    events = game.apply("stark", "attack E5 E4")
    (result,) = events_of(events, "attack")
    assert result.data["faces"] == ["valor", "green", "blue"] and result.data["hits"] == 2
    assert at(game, "E4").strength == 2
    token = engagement.token(game.state, game.state.unit_at("E5"))
    assert token is not None and token.house == "stark"
    assert engagement.partner(game.state, game.state.unit_at("E5")) == game.state.unit_at("E4")
    assert not at(game, "E5").active and kinds(game) == [("lannister", "turn")]


def test_the_cavalry_example_infantry_valor_does_not_hit_cavalry(monkeypatch):
    """A green Northern Warhost rolls valor and a red shield at blue Casterly Rock Knights: no hit."""
    game = battle(PLAIN, {"E5": "stark northern-warhost green", "E4": "lannister casterly-rock-knights blue"})
    game = ordered(game, "stark", ["green"])
    rig(monkeypatch, ["valor", "red"])
    game.apply("stark", "token green E5")
    game.apply("stark", "move done")
    (result,) = events_of(game.apply("stark", "attack E5 E4"), "attack")
    assert result.data["hits"] == 0 and at(game, "E4").strength == 3
    riders = battle(
        PLAIN, {"E5": "stark winterfell-riders green", "E4": "lannister casterly-rock-knights blue"}
    )
    state = riders.state
    assert attack.hits(state, state.unit_at("E5"), state.unit_at("E4"), ["valor", "red"]) == 1


def test_the_counterattack_example_a_flanked_loyal_unit_strikes_back(monkeypatch):
    """The Northern Warhost (Loyal, as its commander's card says) is engaged. Casterly Rock Knights move in
    and flank it, and fail to eliminate it or make it retreat. It counterattacks the Knights with its normal
    dice: it neither breaks its engagement nor suffers a parting blow, and when the Knights retreat it does
    not advance."""
    game = battle(
        PLAIN,
        {
            "E5": "stark captain-of-the-north green",  # Loyal, like the example's Warhost
            "E4": "lannister lannisport-guard green",
            "H5": "lannister casterly-rock-knights blue",
        },
    )
    game = engaged(ordered(game, "lannister", ["blue"]), "E5", "E4", "lannister")
    warhost, guard = game.state.unit_at("E5"), game.state.unit_at("E4")
    rig(monkeypatch, ["blue", "red", "morale"], ["blue", "morale"])
    game.apply("lannister", "token blue H5")
    game.apply("lannister", "move H5 F5")
    game.apply("lannister", "attack F5 E5")
    # A flank attack: no token placed; the attacker may roll again every die of one face.
    assert kinds(game) == [("lannister", "reroll")]
    assert options(game, "lannister") == ["reroll none", "reroll blue", "reroll red", "reroll morale"]
    assert engagement.partner(game.state, warhost) == guard
    game.apply("lannister", "reroll none")
    assert kinds(game) == [("stark", "loyal")]  # Loyal may ignore the flag: no retreat
    game.apply("stark", "loyal yes")
    assert kinds(game) == [("stark", "counter")]
    events = game.apply("stark", "counter yes")
    counter = events_of(events, "attack")[0]
    assert counter.data["mode"] == "counter" and counter.data["hits"] == 1
    assert at(game, "F4").strength == 2  # the Knights retreat toward their edge (E4 is taken)
    assert at(game, "F5") is None and at(game, "E5").strength == 4
    assert engagement.partner(game.state, warhost) == guard  # still engaged with the Guard
    assert not events_of(events, "disengage") and not events_of(events, "advances")
    assert kinds(game) == [("stark", "turn")]


def test_a_counterattack_needs_loyal_a_melee_attacker_and_no_card_against_it(monkeypatch):
    units = {"E5": "stark northern-warhost green", "E4": "lannister lannisport-guard green"}
    plain = ordered(battle(PLAIN, units), "stark", ["green"])
    rig(monkeypatch, ["blue", "blue"], ["blue", "blue"], ["red", "red"])
    plain.apply("stark", "token green E5")
    plain.apply("stark", "move done")
    plain.apply("stark", "attack E5 E4")
    assert kinds(plain) == [("lannister", "turn")]  # the Guard is not Loyal: no counterattack
    loyal = ordered(battle(PLAIN, units, keywords={"lannisport-guard": ["loyal"]}), "stark", ["green"])
    loyal.apply("stark", "token green E5")
    loyal.apply("stark", "move done")
    loyal.apply("stark", "attack E5 E4")
    decision = loyal.pending()[0]
    assert decision.kind == "counter" and decision.default.yes
    assert BattlesGame.category("counter") == "reaction"
    # A ranged attack, even at an adjacent unit, gives no counterattack.
    shot = battle(
        PLAIN,
        {"E5": "stark northern-bowmen green", "E4": "lannister lannisport-guard green"},
        keywords={"lannisport-guard": ["loyal"]},
    )
    shot = ordered(shot, "stark", ["green"])
    shot.apply("stark", "token green E5")
    shot.apply("stark", "move done")
    shot.apply("stark", "attack E5 E4")
    assert kinds(shot) == [("lannister", "turn")]
    assert engagement.token(shot.state, shot.state.unit_at("E5")) is None  # nor engages


def test_a_card_forbids_a_counterattack(monkeypatch):
    """The tactic of card SL16 (the sample's S05): the chosen enemy unit cannot counterattack this turn."""
    game = battle(
        PLAIN,
        {"E5": "stark captain-of-the-north blue", "E4": "lannister lannisport-guard green"},
        keywords={"lannisport-guard": ["loyal"]},
    )
    game = changed(
        game,
        stack=turn("stark"),
        hands={"stark": ["S05"], "lannister": []},
        morale={"house": "lannister", "space": 5},
    )
    rig(monkeypatch, ["blue", "blue", "blue"])
    game.apply("stark", "play S05 via captain-of-the-north")
    game.apply("stark", "command 1 tactic before")
    game.apply("stark", "choose E4")
    game.apply("stark", "units 1 E5")
    game.apply("stark", "move done")
    game.apply("stark", "attack E5 E4")
    assert kinds(game) == [("lannister", "turn")]


def test_a_counterattack_from_a_ford_rolls_at_most_two_dice():
    game = battle(
        PLAIN,
        {"E5": "stark northern-warhost green", "E4": "lannister lannisport-guard red"},
        tokens={"E4": "ford"},
        keywords={"lannisport-guard": ["loyal"]},
    )
    state = game.state
    guard, warhost = state.unit_at("E4"), state.unit_at("E5")
    assert attack.dice(state, guard, warhost, mode="counter") == 2
    assert attack.dice(state, guard, warhost) == 4  # its own attacks are not capped by the ford


def test_a_unit_that_moves_away_suffers_a_parting_blow_without_its_flags(monkeypatch):
    units = {"E5": "stark northern-warhost green", "E4": "lannister lannisport-guard green"}
    game = engaged(ordered(battle(PLAIN, units), "stark", ["green"]), "E5", "E4", "lannister")
    rig(monkeypatch, ["green", "morale"])
    game.apply("stark", "token green E5")
    game.apply("stark", "move E5 E6")
    decision = game.pending()[0]
    assert (decision.house, decision.kind, decision.default.yes) == ("lannister", "parting", True)
    assert engagement.token(game.state, game.state.unit_at("E5")) is None  # the token is given back
    events = game.apply("lannister", "parting yes")
    (blow,) = events_of(events, "attack")
    assert blow.data["mode"] == "parting" and blow.data["flags"] == 0  # its flag is ignored
    assert at(game, "E6").strength == 3 and at(game, "E5") is None  # it survives and moves on
    (moved,) = events_of(events, "moves")
    assert moved.to is None and moved.data["destination"] == "E6"  # a public event
    let_go = engaged(ordered(battle(PLAIN, units), "stark", ["green"]), "E5", "E4", "lannister")
    let_go.apply("stark", "token green E5")
    let_go.apply("stark", "move E5 E6")
    let_go.apply("lannister", "parting no")
    assert at(let_go, "E6").strength == 4


def test_an_engaged_melee_unit_may_break_away_to_attack_another_enemy(monkeypatch):
    units = {
        "E5": "stark northern-warhost green",
        "E4": "lannister lannisport-guard green",
        "D5": "lannister lannisport-guard green",
    }
    game = engaged(ordered(battle(PLAIN, units), "stark", ["green"]), "E5", "E4", "lannister")
    rig(monkeypatch, ["blue", "blue"], ["green", "blue"])
    game.apply("stark", "token green E5")
    game.apply("stark", "move done")
    assert options(game, "stark") == ["attack E5 D5", "attack E5 E4", "attack done"]
    game.apply("stark", "attack E5 D5")
    assert kinds(game) == [("lannister", "parting")]
    game.apply("lannister", "parting yes")
    assert at(game, "D5").strength == 3
    # Free of the Guard at E4, the Warhost engages the unit it attacked.
    assert engagement.partner(game.state, game.state.unit_at("E5")) == game.state.unit_at("D5")


def test_attacking_the_unit_it_is_engaged_with_turns_the_token(monkeypatch):
    units = {"E5": "stark northern-warhost green", "E4": "lannister lannisport-guard green"}
    game = engaged(ordered(battle(PLAIN, units), "stark", ["green"]), "E5", "E4", "lannister")
    rig(monkeypatch, ["blue", "blue"])
    game.apply("stark", "token green E5")
    game.apply("stark", "move done")
    game.apply("stark", "attack E5 E4")
    assert engagement.token(game.state, game.state.unit_at("E5")).house == "stark"
    assert kinds(game) == [("lannister", "turn")]  # no parting blow: it stays with its partner


def test_an_engaged_ranged_unit_shoots_only_the_unit_it_is_engaged_with():
    units = {
        "E5": "stark northern-bowmen green",
        "E4": "lannister lannisport-guard green",
        "C5": "lannister lannisport-guard green",
    }
    free = battle(PLAIN, units)
    assert _targets(free, "E5") == ["C5", "E4"]
    game = engaged(free, "E5", "E4", "lannister")
    assert _targets(game, "E5") == ["E4"]


def _targets(game, place):
    state = game.state
    return [state.units[tid].at for tid in attack.targets(state, state.unit_at(place))]


def test_the_flank_reroll_rolls_again_every_die_of_the_chosen_face(monkeypatch):
    units = {
        "E5": "stark northern-warhost green",
        "E4": "lannister lannisport-guard blue",
        "F5": "lannister casterly-rock-knights blue",
    }
    game = engaged(ordered(battle(PLAIN, units), "lannister", ["blue"]), "E5", "E4", "lannister")
    rig(monkeypatch, ["red", "blue", "red"], ["green", "morale"])
    game.apply("lannister", "token blue F5")
    game.apply("lannister", "move done")
    game.apply("lannister", "attack F5 E5")
    events = game.apply("lannister", "reroll red")
    (result,) = events_of(events, "attack")
    assert sorted(result.data["faces"]) == ["blue", "green", "morale"] and result.data["hits"] == 1
    assert result.data["flank"] is True


def test_heavy_armor_defends_a_rank_up_and_a_red_unit_ignores_valor():
    game = battle(
        PLAIN,
        {
            "E5": "stark northern-warhost red",
            "E4": "lannister lannister-heavy-infantry green",
            "D5": "lannister lannister-heavy-infantry red",
        },
    )
    state = game.state
    warhost, green, red = state.unit_at("E5"), state.unit_at("E4"), state.unit_at("D5")
    assert attack.hits(state, warhost, green, ["green", "blue", "valor"]) == 2  # defends as blue
    assert attack.hits(state, warhost, red, ["red", "valor", "valor"]) == 1  # red: valor ignored


def test_unwieldy_rolls_a_die_fewer_after_moving():
    game = battle(
        PLAIN, {"E6": "lannister lannister-heavy-infantry red", "E4": "stark northern-warhost green"}
    )
    state = game.state
    heavy, warhost = state.unit_at("E6"), state.unit_at("E4")
    assert attack.dice(state, heavy, warhost) == 4
    assert attack.dice(state, heavy, warhost, moved=True) == 3
    assert attack.dice(state, heavy, warhost, mode="counter", moved=True) == 4


def test_cover_and_resilience_each_ignore_hits_of_an_attack():
    terrain = """
. . . . . . . . .
 . . . . . . . .
. . . . . . . . .
 . . . . B . . .
. . . . . . . . .
"""
    units = {"E4": "lannister lannisport-guard green", "E5": "stark northern-warhost green"}
    game = battle(terrain, units, keywords={"lannisport-guard": ["resilience 1"]})
    state = game.state
    assert state.kind("E4") == "building"
    assert attack.cover(state, state.unit_at("E4")) == 2  # Cover 1 and Resilience 1 stack
    own = engaged(game, "E4", "E5", "lannister")
    assert attack.cover(own.state, own.state.unit_at("E4")) == 1  # engaged under its own token: no Cover
    theirs = engaged(game, "E4", "E5", "stark")
    assert attack.cover(theirs.state, theirs.state.unit_at("E4")) == 2


def test_cover_ignores_hits_in_an_attack(monkeypatch):
    terrain = """
. . . . . . . . .
 . . . . . . . .
. . . . . . . . .
 . . . . B . . .
. . . . . . . . .
"""
    game = battle(terrain, {"E4": "lannister lannisport-guard green", "E5": "stark northern-warhost red"})
    game = ordered(game, "stark", ["red"])
    rig(monkeypatch, ["green", "green", "blue", "red"])
    game.apply("stark", "token red E5")
    game.apply("stark", "move done")
    (result,) = events_of(game.apply("stark", "attack E5 E4"), "attack")
    assert (result.data["hits"], result.data["ignored"]) == (1, 1) and at(game, "E4").strength == 3


HOUNDS = """
. . . . . . . . .
 . . . . . . . .
. . . . . . . . .
 . . . ~ . . . .
. . . . . . . . .
 . . . . . . . .
. . . . . . . . .
"""


def test_war_hounds_attack_two_or_three_hexes_away_as_the_rank_their_die_gives(monkeypatch):
    units = {
        "E7": "stark stark-kennel-masters green",
        "E6": "stark northern-warhost green",  # friends do not block the hounds' sight
        "E4": "lannister lannisport-guard blue",
        "A1": "lannister lannisport-guard green",
    }
    game = ordered(battle(HOUNDS, units), "stark", ["green"])
    assert attack.hounds_reach(game.state, game.state.unit_at("E7"), game.state.unit_at("E4"))
    rig(monkeypatch, ["red"], ["red", "blue", "blue", "valor"])
    game.apply("stark", "token green E7")
    game.apply("stark", "move done")
    assert "attack E7 E4" in options(game, "stark")
    events = game.apply("stark", "attack E7 E4")
    (result,) = events_of(events, "attack")
    assert len(result.data["faces"]) == 4  # a red unit's four dice
    assert result.data["hits"] == 3  # two blue shields and valor
    assert engagement.token(game.state, game.state.unit_at("E7")) is None  # a ranged attack


def test_war_hounds_flag_and_valor_cannot_be_ignored(monkeypatch):
    units = {"E7": "stark stark-kennel-masters green", "E4": "lannister lannisport-guard blue"}
    loyal = {"lannisport-guard": ["loyal", "resilience 1"]}
    game = ordered(battle(HOUNDS, units, keywords=loyal), "stark", ["green"])
    rig(monkeypatch, ["morale"])
    game.apply("stark", "token green E7")
    game.apply("stark", "move done")
    game.apply("stark", "attack E7 E4")
    assert kinds(game) == [("lannister", "retreat")]  # Loyal may not ignore the hounds' flag
    game.apply("lannister", "retreat F3")
    assert at(game, "E4") is None and at(game, "F3").strength == 4
    bitten = ordered(battle(HOUNDS, units, keywords=loyal), "stark", ["green"])
    rig(monkeypatch, ["valor"])
    bitten.apply("stark", "token green E7")
    bitten.apply("stark", "move done")
    bitten.apply("stark", "attack E7 E4")
    assert at(bitten, "E4").strength == 3  # one hit, Resilience or not


def test_war_hounds_stay_leashed_after_a_move_and_rivers_block_their_sight():
    kennel = "stark stark-kennel-masters green"
    across = battle(HOUNDS, {"E7": kennel, "E5": "lannister lannisport-guard blue"})
    s2 = across.state
    assert attack.targets(s2, s2.unit_at("E7")) == [s2.unit_at("E5")]
    assert attack.targets(s2, s2.unit_at("E7"), moved=True) == []
    behind = battle(HOUNDS, {"D5": kennel, "E3": "lannister lannisport-guard blue"})
    s3 = behind.state
    assert s3.kind("D4") == "river"  # straight between them
    assert not attack.hounds_reach(s3, s3.unit_at("D5"), s3.unit_at("E3"))


def test_advance_into_the_hex_of_an_eliminated_target(monkeypatch):
    units = {"E5": "lannister casterly-rock-knights blue", "E6": "stark northern-warhost green"}
    game = weakened(ordered(battle(PLAIN, units), "lannister", ["blue"]), "E6", 1)
    rig(monkeypatch, ["green", "red", "red"])
    game.apply("lannister", "token blue E5")
    game.apply("lannister", "move done")
    game.apply("lannister", "attack E5 E6")
    assert at(game, "E6") is None
    assert options(game, "lannister") == ["follow none", "follow E6"]
    game.apply("lannister", "follow E6")
    assert at(game, "E6").type == "casterly-rock-knights"
    assert kinds(game) == [("stark", "turn")]


def test_pursue_moves_on_and_attacks_again(monkeypatch):
    units = {
        "E5": "stark winterfell-riders blue",  # Pursue 1
        "E4": "lannister lannisport-guard green",
        "E2": "lannister lannisport-guard green",
    }
    game = ordered(battle(PLAIN, units), "stark", ["blue"])
    rig(monkeypatch, ["green", "morale", "blue"], ["green", "green", "green"])
    game.apply("stark", "token blue E5")
    game.apply("stark", "move done")
    game.apply("stark", "attack E5 E4")
    # The Guard loses a figure and retreats a hex toward the north: E3 or F3.
    assert options(game, "lannister") == ["retreat E3", "retreat F3"]
    game.apply("lannister", "retreat F3")
    # Pursue 1: into the hex the Guard left (a road would give one more), then a second attack.
    assert options(game, "stark") == ["follow none", "follow E4"]
    game.apply("stark", "follow E4")
    assert options(game, "stark") == ["attack done", "attack E4 F3"]
    game.apply("stark", "attack E4 F3")
    assert at(game, "F3") is None  # three green shields on its three figures
    assert kinds(game) == [("lannister", "turn")]  # pursuit is once a turn: no more following


def test_reaction_decisions_are_in_the_reaction_category():
    for kind in ("parting", "counter", "loyal", "retreat"):
        assert BattlesGame.category(kind) == "reaction"
    for kind in ("turn", "move", "attack", "reroll", "follow", "units"):
        assert BattlesGame.category(kind) == "turn"
    assert BattlesGame.category("keep") == "other" and BattlesGame.category("pick") == "setup"


def test_a_counterattack_is_refused_when_nothing_waits_for_it():
    game = battle(PLAIN, {"E5": "stark northern-warhost green", "E4": "lannister lannisport-guard green"})
    with pytest.raises(IllegalAction):
        game.apply("stark", "counter yes")


def test_the_loyal_example_two_friends_beside_it_or_its_commanders_card():
    """Unit B is Loyal: it stands next to two friendly units. Unit A is not: one friend only. Unit C is
    Loyal through its commander's card (Maege Mormont's, in the rulebook; the sample's Captain of the
    North)."""
    game = battle(
        PLAIN,
        {
            "C5": "stark northern-warhost green",  # A
            "D5": "stark northern-warhost green",  # B
            "E5": "stark northern-bowmen green",
            "H5": "stark captain-of-the-north blue",  # C
            "E1": "lannister lannisport-guard green",
        },
    )
    state = game.state
    loyal = {place: keywords.loyal(state, state.unit_at(place)) for place in ("C5", "D5", "H5")}
    assert loyal == {"C5": False, "D5": True, "H5": True}
