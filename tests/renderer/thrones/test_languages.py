"""The board in the game's language: names from data/thrones/names, the board's own words from the i18n
catalogue, every name still placed without overlap, the caches kept apart by language, and the panel's
words within their room in every language."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

import renderer
from data import thrones_names
from engine.thrones.game import ThronesGame
from i18n import LANGUAGES, translator
from renderer.core import text
from renderer.core.text import width
from renderer.thrones import _background, legend, names, panel
from renderer.thrones.board import lay_out
from renderer.thrones.placement import statics
from renderer.thrones.style import FACTS
from tests.renderer.thrones.test_placement import faults, positions


def drawn(monkeypatch: pytest.MonkeyPatch, draw: Any) -> list[str]:
    """Every text the renderer asked to draw while ``draw()`` ran (through renderer.core.text.sprite, which
    both the map's names and the panel's words go through)."""
    seen: list[str] = []
    real = text.sprite

    def recording(words: str, *args: Any, **kwargs: Any) -> Any:
        seen.append(words)
        return real(words, *args, **kwargs)

    monkeypatch.setattr(text, "sprite", recording)
    _background.cache_clear()  # the map's names are drawn into the cached background
    draw()
    return seen


def test_a_spanish_board_draws_the_spanish_names_and_words(monkeypatch: pytest.MonkeyPatch) -> None:
    view = ThronesGame.new(6, 1).view(None)
    english = drawn(monkeypatch, lambda: renderer.render(view))
    spanish = drawn(monkeypatch, lambda: renderer.render(view, language="es"))
    es = thrones_names.load()["es"]
    lines = {line for words in spanish for line in words.split("\n")}
    whole = {" ".join(words.split("\n")) for words in spanish}
    assert es.name("areas", "winterfell") == "Invernalía" and "Invernalía" in lines
    assert es.name("areas", "kings-landing") in whole  # "Desembarco del Rey", on two lines
    assert "Winterfell" in {line for words in english for line in words.split("\n")}
    assert "Winterfell" not in lines
    board_words = translator("es")
    for key in ("legend", "houses", "wildlings"):
        assert board_words.pgettext("board", names.WORDS[key]) in spanish
    assert "Leyenda" in spanish and "Casas" in spanish and "Legend" not in spanish
    assert es.name("tracks", "throne") in spanish  # the catalogue's words agree with the game's names


def test_a_board_in_spanish_differs_from_the_english_one_and_english_is_the_default() -> None:
    view = ThronesGame.new(6, 1).view(None)
    english = renderer.render(view)
    assert renderer.render(view, language="en") == english
    spanish = renderer.render(view, language="es")
    assert spanish != english and spanish.startswith(b"\x89PNG")
    assert renderer.render(view) == english  # the cached map in Spanish did not leak into English


def test_a_closeup_and_a_chart_are_drawn_in_the_language_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    view = ThronesGame.new(6, 1).view(None)
    words = drawn(monkeypatch, lambda: renderer.closeup(view, "winterfell", language="it"))
    assert thrones_names.load()["it"].name("areas", "winterfell") in " ".join(words).replace("\n", " ")
    assert names.language() == "en"  # only while drawing


def test_an_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError, match="not 'fr'"):
        renderer.render(ThronesGame.new(3, 1).view(None), language="fr")


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_area_name_fits_and_names_are_the_languages(language: str) -> None:
    with names.speaking(language):
        for area, info in FACTS.areas.items():
            label = statics(area).label  # raises if the name fits nowhere in its area
            if info.kind != "port":
                assert label is not None
                shown = " ".join(label.lines)
                assert shown == thrones_names.load()[language].name("areas", area)


@pytest.mark.parametrize("language", [code for code in LANGUAGES if code != "en"])
def test_nothing_overlaps_in_other_languages(language: str) -> None:
    """The placement check of test_placement, over a game's positions, with each language's names."""
    checked = 0
    with names.speaking(language):
        for view in itertools.islice(positions(6, 1), 0, None, 6):
            problems = faults(lay_out(view))
            assert not problems, f"{language}, round {view['round']}: {problems[:5]}"
            checked += 1
    assert checked > 20


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_panels_words_fit_their_room(language: str) -> None:
    inner = panel.PANEL_WIDTH - 2 * panel.PAD
    with names.speaking(language):
        column = inner / legend.COLUMNS - 84  # a legend text starts 84 pixels into its column
        for _, (kind, key) in legend.ENTRIES:
            words = names.name("unit", key) if kind == "unit" else names.word(key)
            assert width(words, 26, bold=False) <= column + 2, f"{language}: the legend's {words!r}"
        headings = [
            (
                names.word("victory-note", goal=FACTS.castles_to_win)
                if key == "victory"
                else names.word(key),
                centre,
            )
            for key, centre in panel.HOUSE_COLUMNS
        ]
        for (a, ca), (b, cb) in itertools.pairwise(headings):
            room = cb - ca - 12
            assert width(a, 26, bold=False) / 2 + width(b, 26, bold=False) / 2 <= room, (
                f"{language}: {a!r}, {b!r}"
            )
        last, centre = headings[-1]
        assert centre + width(last, 26, bold=False) / 2 <= inner + 2, f"{language}: {last!r}"
        for phase in ("westeros", "planning", "action", "round", "over"):
            assert width(names.name("phase", phase), 40) <= inner - panel.WILDLINGS_BOX - 24
