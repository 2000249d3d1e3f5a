"""The command line tools, run in-process: ``python -m engine selfplay|replay``."""

from __future__ import annotations

import json
import pathlib
import re

import pytest

import data.games
import engine.cli
from data.games import GameEntry
from engine.cli import main
from engine.thrones.game import ThronesGame
from engine.thrones.notation import format_line
from engine.thrones.random_player import play_random_game
from engine.thrones.text import describe_view
from tests.engine.scenario import scenario


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def default_lines(game: ThronesGame, count: int) -> list[str]:
    """Legal lines: the default orders of the first ``count`` houses asked for orders."""
    return [format_line(d.house, d.default) for d in game.pending()[:count]]


def assert_clean_error(status: int, out: str, err: str, expected: str) -> None:
    assert status != 0
    assert "Traceback" not in out + err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert expected in lines[0]


# --- selfplay ---------------------------------------------------------------------------------------


def test_selfplay_prints_a_line_per_game_and_the_rate(capsys):
    status, out, _ = run(capsys, "selfplay", "--players", "4", "--games", "3", "--seed", "5")
    assert status == 0
    lines = out.strip().splitlines()
    assert len(lines) == 4
    for index, line in enumerate(lines[:3]):
        game = play_random_game(4, 5 + index)
        winner = game.state.winner.title()
        assert line.startswith(f"seed {5 + index}: {winner} wins after {game.state.round} rounds, ")
        assert f"{len(game.log)} actions" in line
        assert line.count("castles:") == 1
    assert re.fullmatch(
        r"3 games of 4 players, \d+ combats(, \d+ neutral-attacks)?, "
        r"\d+ actions in [\d.]+ s: [\d.]+ games/s, \d+ actions/s",
        lines[3],
    )


def test_selfplay_json_agrees_with_the_random_player(capsys):
    status, out, _ = run(capsys, "selfplay", "--players", "3", "--games", "2", "--seed", "11", "--json")
    assert status == 0
    records = [json.loads(line) for line in out.strip().splitlines()]
    assert [r["type"] for r in records] == ["game", "game", "summary"]
    for record in records[:2]:
        game = play_random_game(3, record["seed"])
        view = game.view(None)
        assert record["winner"] == game.state.winner
        assert record["actions"] == len(game.log)
        assert record["rounds"] == game.state.round
        assert record["stats"] == game.state.stats
        assert record["standings"] == [
            {"house": h, "castles": view["houses"][h]["castles"]} for h in game.state.ranking
        ]
        assert "error" not in record
    assert [r["seed"] for r in records[:2]] == [11, 12]
    summary = records[2]
    assert summary["games"] == 2 and summary["failed"] == 0
    assert summary["actions"] == records[0]["actions"] + records[1]["actions"]
    assert summary["games_per_second"] > 0


def test_selfplay_reports_a_game_that_does_not_finish(capsys):
    status, out, err = run(capsys, "selfplay", "--players", "3", "--seed", "2", "--max-actions", "10")
    assert status == 1
    first, closing = out.strip().splitlines()
    assert re.match(r"seed 2: FAILED in round \d+ after 10 actions: RuntimeError: .*; castles: ", first)
    assert "1 FAILED" in closing
    assert "RuntimeError" in err  # the traceback of an engine failure goes to stderr for debugging


def test_selfplay_rejects_bad_options_in_one_line(capsys):
    assert_clean_error(*run(capsys, "selfplay", "--players", "7"), "--players")
    assert_clean_error(*run(capsys, "selfplay", "--games", "0"), "--games")
    assert_clean_error(*run(capsys, "selfplay", "--bogus"), "--bogus")
    assert_clean_error(*run(capsys), "COMMAND")


# --- replay -----------------------------------------------------------------------------------------


def test_replay_of_a_fresh_setup_shows_the_state_and_pending_decisions(capsys, tmp_path):
    game = ThronesGame.new(6, 1)
    houses = [d.house for d in game.pending()]
    actions = tmp_path / "actions.txt"
    actions.write_text("# three houses place orders\n\n" + "\n".join(default_lines(game, 3)) + "\n")

    status, out, err = run(capsys, "replay", "--players", "6", "--seed", "1", "--actions", str(actions))

    assert status == 0, err
    assert out.startswith("Applied 3 actions to a fresh setup, seed 1.")
    assert "Round 1/10 - planning phase - 6 players, spectator view" in out
    assert re.search(r"Winterfell +Stark: footman, knight \| garrison 2", out)
    assert re.search(r"King's Landing +neutral force 5", out)
    assert "[Valyrian Steel Blade: Greyjoy, unused]" in out
    waiting = out.split("Waiting for:\n", 1)[1]
    expected = ThronesGame.replay(actions.read_text().splitlines(), players=6, seed=1)
    for decision in expected.pending():
        assert f"default: {format_line(decision.house, decision.default)}" in waiting
    waiting_houses = re.findall(r"^  (\w+) \(orders, secret\)$", waiting, flags=re.MULTILINE)
    assert [h.lower() for h in waiting_houses] == houses[3:]


def test_replay_json_lists_the_view_and_the_pending_decisions(capsys, tmp_path):
    game = ThronesGame.new(4, 3)
    actions = tmp_path / "actions.txt"
    actions.write_text("\n".join(default_lines(game, 1)) + "\n")

    status, out, _ = run(
        capsys, "replay", "--players", "4", "--seed", "3", "--actions", str(actions), "--json"
    )

    assert status == 0
    result = json.loads(out)
    assert result["applied"] == 1
    assert result["view"]["round"] == 1 and result["view"]["viewer"] is None
    expected = ThronesGame.replay(actions.read_text().splitlines(), players=4, seed=3)
    assert result["view"] == json.loads(json.dumps(expected.view(None)))
    pending = result["pending"]
    assert len(pending) == 3
    for entry in pending:
        assert entry["kind"] == "orders" and entry["secret"] is True
        assert "prompt" not in entry  # secret prompts are not for spectators
        assert entry["default"].startswith(f"{entry['house']}: orders ")


def test_replay_reports_an_illegal_line_by_its_number(capsys, tmp_path):
    game = ThronesGame.new(6, 1)
    legal = default_lines(game, 2)
    actions = tmp_path / "actions.txt"
    actions.write_text(f"# orders\n{legal[0]}\n\n{legal[1]}\nstark: bid 3\n{legal[0]}\n")

    status, out, err = run(capsys, "replay", "--players", "6", "--seed", "1", "--actions", str(actions))

    assert status == 1
    assert out == ""
    assert "Traceback" not in err
    first, second = err.strip().splitlines()
    assert first.startswith("line 5: ")
    assert "bid" in first
    assert second.strip() == "stark: bid 3"

    status, out, _ = run(
        capsys, "replay", "--players", "6", "--seed", "1", "--actions", str(actions), "--json"
    )
    assert status == 1
    error = json.loads(out)
    assert error["line"] == 5
    assert error["text"] == "stark: bid 3"
    assert "bid" in error["error"]


def test_replay_from_a_saved_position_matches_the_full_log(capsys, tmp_path):
    full = play_random_game(5, 8)
    lines = full.notation()
    cut = len(lines) // 2
    first_half, second_half, everything = (tmp_path / n for n in ("first.txt", "second.txt", "all.txt"))
    first_half.write_text("\n".join(lines[:cut]) + "\n")
    second_half.write_text("\n".join(lines[cut:]) + "\n")
    everything.write_text("\n".join(lines) + "\n")
    middle, end_from_middle, end_from_start = (tmp_path / n for n in ("mid.json", "end1.json", "end2.json"))

    fresh = ("--players", "5", "--seed", "8")
    assert run(capsys, "replay", *fresh, "--actions", str(first_half), "--save", str(middle))[0] == 0
    assert run(capsys, "replay", *fresh, "--actions", str(everything), "--save", str(end_from_start))[0] == 0
    status, out, _ = run(
        capsys,
        "replay",
        "--position",
        str(middle),
        "--actions",
        str(second_half),
        "--save",
        str(end_from_middle),
    )

    assert status == 0
    assert f"Applied {len(lines) - cut} actions to {middle}." in out
    assert "GAME OVER: " in out
    position = json.loads(end_from_middle.read_text())
    assert position == json.loads(end_from_start.read_text())
    assert position == json.loads(json.dumps(full.to_position()))
    mid_game = ThronesGame.replay(lines[:cut], players=5, seed=8)
    assert json.loads(middle.read_text()) == json.loads(json.dumps(mid_game.to_position()))
    assert position != json.loads(middle.read_text())


def test_replay_without_actions_shows_a_position(capsys):
    status, out, _ = run(capsys, "replay", "--players", "3", "--seed", "4")
    assert status == 0
    assert out.startswith("Applied 0 actions to a fresh setup, seed 4.")
    assert "Impassable: " in out  # a 3-player setup closes the south


def test_replay_errors_a_user_can_cause_are_one_line(capsys, tmp_path):
    missing = str(tmp_path / "missing.txt")
    fresh = ("replay", "--players", "6", "--seed", "1")
    assert_clean_error(*run(capsys, *fresh, "--actions", missing), f"cannot read {missing}")
    status, out, _ = run(capsys, *fresh, "--actions", missing, "--json")
    assert status == 2 and "cannot read" in json.loads(out)["error"]
    assert_clean_error(*run(capsys, "replay", "--position", missing), f"cannot read {missing}")

    broken = tmp_path / "broken.json"
    broken.write_text('{"players": ')
    assert_clean_error(*run(capsys, "replay", "--position", str(broken)), "is not valid JSON")
    broken.write_text("[1, 2]")
    assert_clean_error(*run(capsys, "replay", "--position", str(broken)), "is not a position")
    broken.write_text('{"format": "maester-thrones-position", "version": 1}')
    assert_clean_error(*run(capsys, "replay", "--position", str(broken)), "missing field 'players'")
    broken.write_text('{"format": "chess"}')
    assert_clean_error(*run(capsys, "replay", "--position", str(broken)), "not a Maester position")

    assert_clean_error(*run(capsys, "replay", "--players", "6"), "--players needs --seed")
    assert_clean_error(*run(capsys, "replay", "--seed", "1"), "--position --players")
    assert_clean_error(*run(capsys, "replay", "--position", str(broken), "--players", "6"), "not allowed")
    assert_clean_error(*run(capsys, *fresh, "--save", str(tmp_path / "no-dir" / "x.json")), "cannot write")


# --- the text rendering -------------------------------------------------------------------------------


def test_describe_view_keeps_secret_orders_and_prompts_hidden_from_spectators():
    game = ThronesGame.new(6, 1)
    for line in default_lines(game, 5):
        game.apply_line(line)
    spectator = describe_view(game.view(None))
    assert "defense+1" not in spectator and "support+0" not in spectator
    assert "Place one order" not in spectator
    waiting = game.pending()[0].house
    own = describe_view(game.view(waiting))
    assert f"seen by House {waiting.title()}" in own
    assert "Place one order" in own
    assert "unused orders: " in own


def test_describe_view_of_a_finished_game_names_the_winner_and_standings():
    game = play_random_game(4, 9)
    text = describe_view(game.view(None))
    castles = {h: game.view(None)["houses"][h]["castles"] for h in game.state.houses}
    assert f"GAME OVER: House {game.state.winner.title()} wins the Iron Throne." in text
    standings = ", ".join(
        f"{place}. {h.title()} ({castles[h]} castles)" for place, h in enumerate(game.state.ranking, 1)
    )
    assert f"Standings: {standings}" in text
    assert "game over" in text.splitlines()[0]


def test_describe_view_groups_units_and_marks_routed_ones():
    game = scenario(
        units={"winterfell": ("stark", "footman", "knight!", "footman"), "pyke": ("greyjoy", "siege")}
    )
    text = describe_view(game.view(None))
    assert re.search(r"Winterfell +Stark: 2 footmen, knight \(routed\) \| garrison 2", text)
    assert re.search(r"Pyke +Greyjoy: siege \| garrison 2", text)
    assert "White Harbor" not in text  # no units, no token, nothing to show


# --- any game, through the contract -------------------------------------------------------------------


def test_the_command_line_names_no_game():
    assert "engine.thrones" not in pathlib.Path(engine.cli.__file__).read_text()


def test_options_are_json_and_tides_is_a_shortcut(capsys):
    fresh = ("replay", "--players", "4", "--seed", "3", "--json")
    status, by_option, _ = run(capsys, *fresh, "--option", "tides_of_battle=true")
    assert status == 0
    assert json.loads(by_option)["view"]["tides_of_battle"] is True
    assert run(capsys, *fresh, "--tides")[1] == by_option
    assert json.loads(run(capsys, *fresh)[1])["view"]["tides_of_battle"] is False

    fresh = fresh[:-1]
    assert_clean_error(*run(capsys, *fresh, "--option", "tides_of_battle=yes"), "the value is not JSON")
    assert_clean_error(*run(capsys, *fresh, "--option", "tides_of_battle"), "write NAME=VALUE")
    assert_clean_error(*run(capsys, *fresh, "--option", "tides_of_battle=1"), "true or false")
    assert_clean_error(*run(capsys, *fresh, "--option", "dragons=true"), "has no option dragons")
    assert_clean_error(*run(capsys, "selfplay", "--option", "dragons=true"), "has no option dragons")


def test_the_player_count_comes_from_the_game(capsys):
    status, _, err = run(capsys, "selfplay", "--players", "2")
    assert_clean_error(status, "", err, "--players is 3 to 6 for A Game of Thrones")
    assert_clean_error(*run(capsys, "replay", "--players", "7", "--seed", "1"), "--players is 3 to 6")
    status, out, _ = run(capsys, "selfplay", "--seed", "3", "--json", "--max-actions", "1")
    assert json.loads(out.splitlines()[0])["players"] == 6  # the most the game allows


def test_an_unknown_game_is_one_line(capsys):
    assert_clean_error(*run(capsys, "selfplay", "--game", "chess"), "There is no game 'chess'")
    assert_clean_error(*run(capsys, "replay", "--game", "chess", "--players", "3", "--seed", "1"), "chess")


def test_another_game_is_played_through_the_contract_alone(capsys, monkeypatch, tmp_path):
    entry = GameEntry("dice", "Dice", "tests.engine.test_dice:DiceGame", "-", "-", "-")
    monkeypatch.setitem(data.games._GAMES, "dice", entry)
    actions = tmp_path / "actions.txt"
    actions.write_text("stark: roll\nstark: roll\n")
    saved = tmp_path / "dice.json"

    status, out, err = run(
        capsys, "replay", "--game", "dice", "--players", "1", "--seed", "4", "--actions", str(actions)
    )
    assert status == 0, err
    assert out.splitlines()[:3] == [
        "Applied 2 actions to a fresh setup, seed 4.",
        "",
        "Dice - rolling phase - spectator view",
    ]
    assert 'seats: ["stark"]' in out
    assert "Waiting for:\n  Stark (roll): Roll.\n      default: stark: roll" in out

    assert (
        run(capsys, "replay", "--game", "dice", "--players", "1", "--seed", "4", "--save", str(saved))[0] == 0
    )
    status, out, _ = run(
        capsys, "replay", "--game", "dice", "--position", str(saved), "--actions", str(actions)
    )
    assert status == 0 and "Applied 2 actions" in out
    assert_clean_error(
        *run(capsys, "replay", "--game", "dice", "--players", "2", "--seed", "1"), "1 for Dice"
    )


def test_the_view_hook_of_thrones_is_its_text_rendering():
    view = ThronesGame.new(3, 1).view(None)
    assert ThronesGame.describe_view(view) == describe_view(view, waiting=False)


# --- scenario ---------------------------------------------------------------------------------------


SCENARIO = """
players = 3
round = 4
step = "march"

[units]
winterfell = "stark footman knight"

[orders]
winterfell = "stark march+1*"
"""


def test_scenario_shows_the_situation_and_saves_its_position(capsys, tmp_path):
    path, saved = tmp_path / "march.toml", tmp_path / "march.json"
    path.write_text(SCENARIO)

    status, out, err = run(capsys, "scenario", str(path), "--save", str(saved))

    assert status == 0, err
    assert out.startswith(f"The scenario {path}.\n\nRound 4/10 - action phase - 3 players")
    assert re.search(r"Winterfell +Stark: footman, knight \| order: march\+1\* \| garrison 2", out)
    assert "Waiting for:\n  Stark (march): " in out
    assert out.rstrip().endswith(f"Position saved to {saved}.")
    game = ThronesGame.from_position(json.loads(saved.read_text()))
    assert game.to_position() == ThronesGame.from_scenario(SCENARIO).to_position()

    status, out, _ = run(capsys, "scenario", str(path), "--json")
    assert status == 0
    assert [entry["kind"] for entry in json.loads(out)["pending"]] == ["march"]


def test_scenario_errors_are_one_line_naming_the_key(capsys, tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text(SCENARIO.replace("stark footman knight", "stark footman dragon"))
    assert_clean_error(
        *run(capsys, "scenario", str(path)), f"{path}: units.winterfell: 'dragon' is not a unit"
    )
    path.write_text("players = ")
    assert_clean_error(*run(capsys, "scenario", str(path)), "this is not TOML")
    assert_clean_error(*run(capsys, "scenario", str(tmp_path / "none.toml")), "cannot read")


def test_a_game_without_scenarios_says_so(capsys, monkeypatch, tmp_path):
    entry = GameEntry("dice", "Dice", "tests.engine.test_dice:DiceGame", "-", "-", "-")
    monkeypatch.setitem(data.games._GAMES, "dice", entry)
    path = tmp_path / "dice.toml"
    path.write_text("players = 1\n")
    assert_clean_error(*run(capsys, "scenario", "--game", "dice", str(path)), "Dice has no scenarios")
