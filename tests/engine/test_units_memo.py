"""What the board keeps per house (``Units.memo``, :meth:`Units.areas_of`) is forgotten exactly for the
houses whose units a change touches: the house that moved, every house in a list that holds several (in
the middle of a combat), the houses of a list replaced or taken away, and those of a unit replaced."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.thrones.state import Unit, Units, remembered


def board(**areas: str) -> SimpleNamespace:
    """A state whose only field is its units: each area given as its units' houses, one letter a unit
    (``a`` for house a's footman, ``A`` for its ship)."""
    return SimpleNamespace(units=Units({area: [unit(c) for c in houses] for area, houses in areas.items()}))


def unit(letter: str) -> Unit:
    return Unit(letter.lower(), "ship" if letter.isupper() else "footman")


def counted(state: SimpleNamespace) -> dict[str, int]:
    """For each house, a value kept in the memo; worked out anew only when forgotten (the count goes up)."""
    seen = {}
    for house in ("a", "b", "c"):
        before = works[house]
        remembered(state, house, ("test",), work, house)
        seen[house] = works[house] - before
    return seen


works: dict[str, int] = {"a": 0, "b": 0, "c": 0}


def work(house: str) -> int:
    works[house] += 1
    return works[house]


def forgotten(state: SimpleNamespace) -> set[str]:
    return {house for house, anew in counted(state).items() if anew}


def test_a_change_to_one_house_forgets_its_values_and_keeps_the_others():
    state = board(x="aa", y="b", z="c")
    assert forgotten(state) == {"a", "b", "c"}
    assert forgotten(state) == set()
    state.units["x"].pop()
    assert forgotten(state) == {"a"}
    state.units["y"].append(unit("b"))
    assert forgotten(state) == {"b"}


def test_a_unit_joining_another_house_in_a_list_forgets_both():
    state = board(x="a", y="b", z="c")
    forgotten(state)
    state.units["x"].append(unit("b"))
    assert forgotten(state) == {"a", "b"}
    state.units["x"].pop(0)  # the list now holds b's unit only
    assert forgotten(state) == {"a", "b"}
    state.units["x"].extend(unit(c) for c in "cc")
    assert forgotten(state) == {"b", "c"}


def test_a_list_replaced_or_taken_away_forgets_the_houses_it_held_and_holds():
    state = board(x="a", y="b", z="c")
    forgotten(state)
    state.units["x"] = [unit("b")]
    assert forgotten(state) == {"a", "b"}
    del state.units["x"]
    assert forgotten(state) == {"b"}
    state.units.pop("z")
    assert forgotten(state) == {"c"}
    state.units.setdefault("w", []).append(unit("a"))
    assert forgotten(state) == {"a"}
    state.units.clear()
    assert forgotten(state) == {"a", "b", "c"}


def test_a_unit_replaced_forgets_its_house_and_its_replacements():
    state = board(x="aa", y="b", z="c")
    forgotten(state)
    state.units["x"][1] = unit("c")
    assert forgotten(state) == {"a", "c"}
    state.units["x"][:] = [unit("b")]
    assert forgotten(state) == {"a", "b", "c"}


def test_a_land_unit_changing_kind_forgets_nothing():
    """Nothing kept may depend on a land unit's kind (it changes in place, unnoted)."""
    state = board(x="aa", y="b")
    forgotten(state)
    state.units["x"][0].kind = "knight"
    assert forgotten(state) == set()


# Steps on a board of four areas, each changing the units as the engine may: (what, area, other area,
# position, house letters).
STEPS = st.lists(
    st.tuples(
        st.sampled_from(
            [
                "append",
                "pop",
                "remove",
                "extend",
                "insert",
                "set",
                "slice",
                "reverse",
                "store",
                "delete",
                "move",
            ]
        ),
        st.sampled_from("wxyz"),
        st.sampled_from("wxyz"),
        st.integers(0, 3),
        st.text("abcAB", max_size=3),
    ),
    max_size=25,
)


def step(units: Units, what: str, area: str, other: str, index: int, letters: str) -> None:
    given_units = [unit(c) for c in letters]
    present: Any = units.get(area)
    if what == "store":
        units[area] = given_units
    elif what == "delete":
        units.pop(area, None)
    elif what == "move" and present is not None:
        units[other] = units.pop(area)
    elif present is None:
        units.setdefault(area, []).extend(given_units)
    elif what == "append" and given_units:
        present.append(given_units[0])
    elif what == "pop" and present:
        present.pop(index % len(present) - (len(present) if index % 2 else 0))  # from either end
    elif what == "remove" and given_units and given_units[0] in present:
        present.remove(given_units[0])
    elif what == "extend":
        present.extend(iter(given_units))
    elif what == "insert" and given_units:
        present.insert(index, given_units[0])
    elif what == "set" and present and given_units:
        present[index % len(present)] = given_units[0]
    elif what == "slice":
        present[index:] = iter(given_units)
    elif what == "reverse":
        present.reverse()


@settings(max_examples=300, deadline=None)
@given(steps=STEPS)
def test_what_is_kept_is_always_what_the_board_says_now(steps):
    """After any steps, each house's index of areas and a value kept for it are what a fresh look at
    the board gives."""
    state = board(w="a", x="bb", y="C", z="")
    units = state.units

    def sizes(house: str) -> dict[str, int]:
        return {
            area: len(present) for area, present in units.items() if present and present[0].house == house
        }

    for what, area, other, index, letters in steps:
        step(units, what, area, other, index, letters)
        for house in "abc":
            fresh = {
                area: present for area, present in units.items() if any(u.house == house for u in present)
            }
            assert units.areas_of(house) == fresh
            assert list(units.areas_of(house)) == list(fresh)
            assert all(units.areas_of(house)[area] is present for area, present in fresh.items())
            assert remembered(state, house, ("sizes",), sizes, house) == sizes(house)


# Castle areas standing for w, x, y and z: the victory check recounts castles only after a change noted there.
CASTLES = {"w": "dragonstone", "x": "harrenhal", "y": "highgarden", "z": "kings-landing"}


@settings(max_examples=300, deadline=None)
@given(steps=STEPS)
def test_every_change_that_may_change_who_holds_a_castle_is_noted(steps):
    """A castle area's units are held by the house of the first of them (or by none when there are none):
    after any step the board did not note, each castle area is held as it was."""
    units = Units(
        {"dragonstone": [unit("a")], "harrenhal": [unit("b"), unit("b")], "highgarden": [unit("C")]}
    )

    def holders() -> dict[str, str | None]:
        return {area: units[area][0].house if units.get(area) else None for area in CASTLES.values()}

    before, units.changed = holders(), False
    for what, area, other, index, letters in steps:
        step(units, what, CASTLES[area], CASTLES[other], index, letters)
        if not units.changed:
            assert holders() == before, what
        before, units.changed = holders(), False


def test_units_behind_others_in_a_castle_are_not_noted_as_a_change_of_control():
    units = Units({"dragonstone": [unit("a")]})
    units.changed = False
    units["dragonstone"].append(unit("a"))
    units["dragonstone"].pop()
    assert not units.changed
    units["dragonstone"].pop()  # the last one goes: nobody holds it by units now
    assert units.changed
