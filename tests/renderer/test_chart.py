"""The shared line chart (renderer/core/chart.py): its size, its lines in their colours, its legend, and
end markers that never overlap."""

from __future__ import annotations

import itertools

from PIL import Image

from renderer.core.chart import HEIGHT, MARKER, WIDTH, Series, _spread, line_chart

RED, GREEN, WHITE, BLACK = (200, 30, 40), (0, 150, 110), (240, 242, 248), (30, 30, 34)


def near(image: Image.Image, colour: tuple[int, int, int], box: tuple[int, int, int, int]) -> int:
    """How many pixels of ``box`` are within a few levels of ``colour``."""
    part = image.crop(box)
    counts = part.getcolors(part.width * part.height) or []
    return sum(n for n, p in counts if sum(abs(a - b) for a, b in zip(p, colour, strict=True)) <= 12)


def chart(series: list[Series]) -> Image.Image:
    return line_chart(
        "Title", ["start", "1", "2", "3"], series, x_title="Round", y_title="held", goal=(7, "7")
    )


def test_each_series_is_drawn_in_its_colour_across_the_plot() -> None:
    image = chart([Series("Red", (1, 2, 3, 4), RED, "R"), Series("Green", (1, 1, 1, 1), GREEN, "G")])
    assert image.size == (WIDTH, HEIGHT) == (1000, 560)
    plot = (70, 96, WIDTH - 250, HEIGHT - 78)
    left_half = (plot[0], plot[1], (plot[0] + plot[2]) // 2, plot[3])
    right_half = ((plot[0] + plot[2]) // 2, plot[1], plot[2], plot[3])
    for colour in (RED, GREEN):  # a line, not a dot: in both halves of the plot
        assert near(image, colour, left_half) > 150 and near(image, colour, right_half) > 150
    legend = (WIDTH - 250, 0, WIDTH, HEIGHT)
    assert near(image, RED, legend) > 100 and near(image, GREEN, legend) > 100


def test_a_rising_series_is_drawn_higher_at_its_end() -> None:
    image = chart([Series("Red", (0, 2, 4, 6), RED)])
    plot_top, plot_bottom = 96, HEIGHT - 78
    columns = {}
    for x in (100, 600):  # near the start and near the end of the line
        ys = [y for y in range(plot_top, plot_bottom) if near(image, RED, (x, y, x + 1, y + 1))]
        assert ys, x
        columns[x] = sum(ys) / len(ys)
    assert columns[600] < columns[100] - 150  # up is smaller y


def test_pale_and_dark_lines_both_show_on_the_ground() -> None:
    image = chart([Series("White", (2, 2, 2, 2), WHITE), Series("Black", (3, 3, 3, 3), BLACK)])
    plot = (70, 96, WIDTH - 250, HEIGHT - 78)
    assert near(image, WHITE, plot) > 300 and near(image, BLACK, plot) > 300


def test_end_markers_are_spread_apart_only_as_much_as_needed() -> None:
    gap = 2 * MARKER + 3
    spread = _spread([300.0, 300.0, 300.0, 100.0], gap, 480.0)
    assert spread[3] == 100.0  # alone: not moved
    tied = sorted(spread[:3])
    assert tied[0] == 300.0 and all(b - a >= gap for a, b in itertools.pairwise(tied))
    at_the_bottom = _spread([480.0, 480.0], gap, 480.0)
    assert max(at_the_bottom) <= 480.0 - gap / 2 and abs(at_the_bottom[0] - at_the_bottom[1]) >= gap
