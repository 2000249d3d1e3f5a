"""The house colours: every pair, and every house against neutral land, apart at a glance, also to a
deuteranope; and each house has its own letter, the second cue."""

from __future__ import annotations

import itertools

import pytest

from renderer.core.vision import deuteranopia, distance
from renderer.thrones import names
from renderer.thrones.style import FACTS, HOUSE_COLOURS, LAND, MIN_DISTANCE

SIGHTS = {"typical": lambda c: c, "deuteranopia": deuteranopia}


def test_every_house_has_a_colour():
    assert set(HOUSE_COLOURS) == set(FACTS.houses)


@pytest.mark.parametrize("sight", sorted(SIGHTS))
def test_house_colours_are_far_apart(sight):
    see = SIGHTS[sight]
    for a, b in itertools.combinations(sorted(HOUSE_COLOURS), 2):
        gap = distance(see(HOUSE_COLOURS[a]), see(HOUSE_COLOURS[b]))
        assert gap >= MIN_DISTANCE, f"{a} and {b} are {gap:.1f} apart ({sight})"


@pytest.mark.parametrize("sight", sorted(SIGHTS))
def test_every_house_is_far_from_neutral_land(sight):
    see = SIGHTS[sight]
    for house, rgb in sorted(HOUSE_COLOURS.items()):
        gap = distance(see(rgb), see(LAND))
        assert gap >= MIN_DISTANCE, f"{house} is {gap:.1f} from neutral land ({sight})"


def test_deuteranopia_keeps_grey_and_merges_red_with_green():
    """The simulation itself: a grey stays grey, and a red and a green of one lightness come close."""
    assert deuteranopia((128, 128, 128)) == (128, 128, 128)
    assert (
        distance(deuteranopia((200, 80, 60)), deuteranopia((110, 130, 60)))
        < distance((200, 80, 60), (110, 130, 60)) / 3
    )


def test_every_house_has_its_own_letter():
    letters = [names.initial(house) for house in FACTS.houses]
    assert len(set(letters)) == len(letters)
