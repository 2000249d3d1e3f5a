"""A Game of Thrones' end-of-game report (:mod:`engine.thrones.report`) in Markdown: who won, the
standings with each house's numbers, its castles and strongholds round by round, and the house cards it
played. For files (the demo's ``report.md``); the bot draws the same report as an embed."""

from __future__ import annotations

from typing import Any

from engine.thrones.board import FACTS


def _house(house: str) -> str:
    return FACTS.houses[house].name


def _card(card: str) -> str:
    info = FACTS.house_cards.get(card)
    return card if info is None else info.name


def _row(cells: list[object]) -> str:
    return "| " + " | ".join(str(cell) for cell in cells) + " |"


def outcome(report: dict[str, Any]) -> str:
    """How the game ended, in a sentence."""
    if report.get("winner"):
        return f"{_house(report['winner'])} wins the Iron Throne in round {report['round']}."
    if report.get("status") == "ended":
        return f"A moderator ended the game in round {report['round']}; the standings are as it stood."
    return f"The game so far: round {report['round']}."


def markdown(report: dict[str, Any]) -> list[str]:
    houses = report["houses"]
    order = report["standings"]
    lines = [outcome(report), "", "## Standings", ""]
    lines += [
        _row(
            [
                "",
                "House",
                "Castles and strongholds",
                "Battles won",
                "Battles lost",
                "Power gained",
                "House cards played",
            ]
        ),
        _row(["---:", "---", "---:", "---:", "---:", "---:", "---:"]),
    ]
    for place, house in enumerate(order, start=1):
        data = houses[house]
        lines.append(
            _row(
                [
                    place,
                    _house(house),
                    data["castles"][-1],
                    data["battles_won"],
                    data["battles_lost"],
                    data["power_gained"],
                    len(data["cards"]),
                ]
            )
        )
    rounds = [str(number) for number in report["rounds"]]
    lines += ["", "## Castles and strongholds at the end of each round", ""]
    lines += [_row(["House", "start", *rounds]), _row(["---", *["---:"] * (len(rounds) + 1)])]
    for house in order:
        lines.append(_row([_house(house), houses[house]["castles_at_start"], *houses[house]["castles"]]))
    lines += ["", "## House cards played", ""]
    for house in order:
        cards = houses[house]["cards"]
        lines.append(f"- **{_house(house)}** ({len(cards)}): {', '.join(_card(c) for c in cards) or 'none'}")
    return lines
