"""The text notation: every verb reads back what it writes, and bad lines say what is wrong."""

from __future__ import annotations

import pytest

from engine.core.errors import NotationError
from engine.thrones.actions import (
    Bid,
    Choose,
    Consolidate,
    Destroy,
    Discard,
    March,
    Muster,
    MusterItem,
    PlaceOrders,
    Raid,
    Rank,
    Raven,
    Retrieve,
    Swap,
)
from engine.thrones.board import BOARD
from engine.thrones.notation import MAX_LINE, format_line, parse_action, parse_line

ACTIONS = [
    PlaceOrders((("the-shivering-sea", "support+1*"), ("white-harbor", "raid"), ("winterfell", "march+0"))),
    PlaceOrders(()),
    Bid(0),
    Bid(12),
    Choose("muster"),
    Rank(("baratheon", "stark")),
    Raid("sunset-sea", None),
    Raid("the-reach", "dornish-marches"),
    March("lannisport", (("stoney-sept", ("footman",)), ("searoad-marches", ("footman", "knight")))),
    March("white-harbor", (("widows-watch", ("footman",)),), leave_power=True),
    March("lannisport", ()),
    Consolidate("dragonstone"),
    Consolidate("lannisport", (MusterItem("lannisport", "knight"),)),
    Consolidate("lannisport", ()),
    Muster(
        (
            MusterItem("lannisport", "footman"),
            MusterItem("lannisport", "ship", to="the-golden-sound"),
            MusterItem("harrenhal", "knight", upgrade=True),
        )
    ),
    Muster(()),
    Destroy((("the-twins", "footman"), ("harrenhal", "footman"))),
    Destroy(()),
    Swap((("winterfell", "knight", "footman"),)),
    Swap(()),
    Raven("none"),
    Raven("peek"),
    Raven("bury"),
    Raven("swap", "winterfell", "defense+2*"),
    Discard("eddard-stark"),
    Retrieve("the-hound"),
    Retrieve(None),
]


@pytest.mark.parametrize("action", ACTIONS, ids=lambda a: a.format())
def test_every_action_reads_back_what_it_writes(action):
    line = format_line("stark", action)
    assert parse_line(line) == ("stark", action)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (  # names may have spaces: the token is the longest one after which an area follows
            "orders Winterfell=March+1 White Harbor=raid",
            PlaceOrders((("white-harbor", "raid"), ("winterfell", "march+1*"))),
        ),
        (
            "orders winterfell=march+1 white-harbor=special-raid",
            PlaceOrders((("white-harbor", "raid*"), ("winterfell", "march+1*"))),
        ),
        (
            "orders winterfell=defence+2 white-harbor=cp*",
            PlaceOrders((("white-harbor", "consolidate*"), ("winterfell", "defense+2*"))),
        ),
        (
            "orders winterfell=march0, white-harbor=support",
            PlaceOrders((("white-harbor", "support+0"), ("winterfell", "march+0"))),
        ),
        (
            "march King's Landing -> Blackwater 2 footmen knight",
            March("kings-landing", (("blackwater", ("footman", "footman", "knight")),)),
        ),
        ("march lannisport -> stay", March("lannisport", ())),
        ("raid sunset-sea -> NONE", Raid("sunset-sea", None)),
        ("rank Baratheon, House Stark", Rank(("baratheon", "stark"))),
    ],
)
def test_the_notation_is_forgiving_about_case_names_and_aliases(text, expected):
    assert parse_action(text) == expected


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("stark bid 2", "house: action"),
        ("starks: bid 2", "no house called"),
        ("stark: dance", "Unknown action 'dance'"),
        ("stark: bid two", "whole number"),
        ("stark: bid -1", "whole number"),
        ("stark: orders winterfell", "AREA=TOKEN"),
        ("stark: orders winterfell=march+2", "not an order token"),
        ("stark: orders winterfell=raid winterfell=raid", "two orders"),
        ("stark: orders narnia=raid", "no area called 'narnia'"),
        ("stark: march winterfell moat-cailin footman", "SOURCE ->"),
        ("stark: march winterfell -> moat-cailin", "Name the units"),
        ("stark: march winterfell -> moat-cailin dragon", "not a unit"),
        ("stark: march winterfell -> moat-cailin footman, moat-cailin knight", "appears twice"),
        ("stark: muster winterfell", "AREA UNIT"),
        ("stark: muster winterfell knight->footman", "Only a footman"),
        ("stark: destroy winterfell", "AREA UNIT"),
        ("stark: swap winterfell knight", "OLD->NEW"),
        ("stark: raven fly", "raven none"),
        ("stark: discard ned", "no house card"),
        ("stark:", "empty"),
    ],
)
def test_bad_lines_are_refused_with_a_reason(line, message):
    with pytest.raises(NotationError, match=message):
        parse_line(line)


# --- numbers: ASCII digits, bounded before int() sees them; a count goes before its unit ----------------


def test_a_unit_count_is_one_to_ten():
    assert parse_action("march winterfell -> moat-cailin 10 footmen") == March(
        "winterfell", (("moat-cailin", ("footman",) * 10),)
    )


@pytest.mark.parametrize(
    "count",
    [
        "0",
        "11",
        "100000000",  # built a tuple of 100 million units (12 s, 1.5 GiB) before the engine refused it
        "999999999",  # asked for 8 GiB
        str(2**63),  # OverflowError
        "9" * 900,
    ],
)
def test_a_huge_unit_count_is_refused_before_any_work(count):
    with pytest.raises(NotationError, match="from 1 to 10") as refused:
        parse_line(f"stark: march winterfell -> moat-cailin {count} footmen")
    assert len(str(refused.value)) < 250


@pytest.mark.parametrize(
    "text",
    [
        "bid ²",
        "bid ٣",
        "bid \uff11",  # a fullwidth 1
        "march winterfell -> the-twins ³ footmen",
        "march winterfell -> the-twins ٣ footmen",
    ],
)
def test_numbers_are_the_ascii_digits(text):
    """str.isdigit accepts superscripts (int() then raised a raw ValueError) and other scripts' digits
    (int() read the Arabic-Indic '٣' as 3)."""
    with pytest.raises(NotationError, match="digits 0-9"):
        parse_action(text)


def test_a_bid_has_at_most_three_digits():
    assert parse_action("bid 007") == Bid(7)
    assert parse_action("bid 999") == Bid(999)  # the game then checks it against the house's power
    with pytest.raises(NotationError, match="at most 3 digits"):
        parse_action("bid 1000")


def test_a_number_of_more_than_4300_digits_is_refused_as_notation():
    """int() refuses more than 4,300 digits with a raw ValueError; the line is refused before that."""
    for line in (f"stark: bid {'9' * 4301}", f"stark: march winterfell -> moat-cailin {'9' * 4301} footmen"):
        with pytest.raises(NotationError) as refused:
            parse_line(line)
        assert len(str(refused.value)) < 250


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("march winterfell -> moat-cailin footman 3", "count 3 .* not followed by a unit"),
        (
            "march winterfell -> moat-cailin 2 footmen 3, the-twins knight",
            "count 3 .* not followed by a unit",
        ),
        ("march winterfell -> moat-cailin 2 3 footmen", "Two counts in a row"),
        ("march winterfell -> moat-cailin 2", "count 2 .* not followed by a unit"),
    ],
)
def test_a_count_must_be_followed_by_its_unit(text, message):
    """'footman 3' used to move one footman, the trailing count silently ignored."""
    with pytest.raises(NotationError, match=message):
        parse_action(text)


# --- the length of a line -------------------------------------------------------------------------------


def test_a_line_longer_than_the_limit_is_refused_first():
    line = "stark: orders " + " ".join(f"{area}=raid" for area in ["winterfell"] * 100)
    assert len(line) > MAX_LINE
    with pytest.raises(NotationError, match="at most 1,000"):
        parse_line(line)
    with pytest.raises(NotationError, match="at most 1,000"):
        parse_action(line.partition(":")[2])
    with pytest.raises(NotationError, match="at most 1,000"):
        parse_line("stark: bid 2" + " " * MAX_LINE)  # refused before anything, even blank padding


def test_a_line_of_the_longest_legal_kind_is_read():
    """About the longest line the notation can need: fifteen orders on the longest area ids."""
    areas = sorted(BOARD.ids, key=len, reverse=True)[:15]
    line = "greyjoy: orders " + " ".join(f"{area}=special-consolidate" for area in areas)
    assert 500 < len(line) < MAX_LINE
    house, action = parse_line(line)
    assert house == "greyjoy" and len(action.orders) == 15


# --- messages quote a clipped part of the input ---------------------------------------------------------


LONG = "x" * 900


@pytest.mark.parametrize(
    "line",
    [
        f"stark: {LONG}",
        f"{LONG}: bid 2",
        f"stark: bid {LONG}",
        f"stark: orders {LONG}",
        f"stark: orders {LONG}=raid",
        f"stark: orders winterfell={LONG}",
        f"stark: march {LONG} -> none",
        f"stark: march winterfell -> moat-cailin {LONG}",
        f"stark: march winterfell -> moat-cailin {'4' * 900} footmen",
        f"stark: muster {LONG}",
        f"stark: muster winterfell {LONG}",
        f"stark: muster winterfell a b {LONG}",
        f"stark: destroy winterfell footman {LONG}",
        f"stark: swap winterfell {LONG}",
        f"stark: play {LONG}",
        f"stark: rank stark {LONG}",
        f"stark: raven swap winterfell {LONG}",
        f"stark: raid {'é' * 900} -> none",
        f"stark: raid {chr(0) * 900} -> none",  # each character quoted as \\x00: clipped all the same
        f"stark: raid {'😀' * 900} -> none",
    ],
    ids=lambda line: line[:40],
)
def test_a_message_quotes_at_most_a_clipped_part_of_the_input(line):
    with pytest.raises(NotationError) as refused:
        parse_line(line)
    message = str(refused.value)
    assert len(message) < 250, message
    assert "…" in message, message


def test_short_inputs_are_quoted_whole():
    with pytest.raises(NotationError, match=r"^There is no area called 'narnia'\.$"):
        parse_line("stark: raid narnia -> none")


def test_every_area_name_the_bot_shows_is_read_back_as_its_id() -> None:
    """Display names, names without their leading "The" ("eyrie" for The Eyrie), and the misspelt id
    older games stored."""
    from engine.thrones.board import FACTS
    from engine.thrones.notation import area_id

    for area in FACTS.areas.values():
        assert area_id(area.name) == area.id, area.name
        assert area_id(area.name.removeprefix("The ").lower()) == area.id, area.name
    assert area_id("Redwyne Straits") == area_id("redwyne-straights") == "redwyne-straits"
