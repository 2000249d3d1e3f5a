"""Prompts built from real decisions: within Discord's limits, parsed back, and turning clicks into notation
lines the engine accepts."""

from __future__ import annotations

from typing import Any

import pytest

from cogs import prompts
from cogs.ids import MAX_LENGTH, CustomId, fingerprint, parse
from cogs.layout import HELP_OP
from cogs.listed import group_choices
from cogs.screens import Choice
from cogs.thrones import SCREENS, answers, drafts, names
from table.outbox import decision_json
from tests.bot.conftest import Found, payload_of


def components(message: prompts.PromptMessage) -> list[dict[str, Any]]:
    assert message.view is not None
    return [c for row in message.view.to_components() for c in row["components"]]


def by_op(message: prompts.PromptMessage, op: str) -> list[dict[str, Any]]:
    return [c for c in components(message) if parse(c["custom_id"]).op == op]


def react(found: Found, component: dict[str, Any], values: list[str] | None = None) -> prompts.Reaction:
    return prompts.react(found.payload, found.extras, parse(component["custom_id"]), values or [])


def show(found: Found, reaction: prompts.Reaction) -> prompts.PromptMessage:
    assert isinstance(reaction, prompts.Show), reaction
    return prompts.build_prompt(found.payload, found.extras, reaction.screen)


def check_limits(message: prompts.PromptMessage, payload: dict[str, Any]) -> None:
    """Discord's limits, and our own rules: every id parses back to this decision, every prompt can be
    typed and has its help."""
    rows = message.view.to_components() if message.view is not None else []
    assert len(rows) <= 5
    seen = set()
    decision = payload["decision"]
    for row in rows:
        assert 1 <= len(row["components"]) <= 5
        for component in row["components"]:
            custom_id = component["custom_id"]
            assert len(custom_id) <= MAX_LENGTH and custom_id not in seen
            seen.add(custom_id)
            cid = parse(custom_id)
            assert (cid.game_id, cid.house, cid.fingerprint) == (
                payload["game_id"],
                decision["house"],
                fingerprint(decision),
            )
            if component["type"] == 3:
                assert len(row["components"]) == 1
                options = component["options"]
                assert 1 <= len(options) <= 25
                assert len({o["value"] for o in options}) == len(options)
                assert all(
                    1 <= len(o["label"]) <= 100 and len(o.get("description") or "") <= 100 for o in options
                )
                assert len(component.get("placeholder") or "") <= 150
                assert 0 <= component["min_values"] <= component["max_values"] <= len(options)
            else:
                assert 1 <= len(component["label"]) <= 80
    if message.view is not None:
        ops = {parse(c["custom_id"]).op for row in rows for c in row["components"]}
        assert {"t", HELP_OP} <= ops
    embed = message.embed
    assert len(embed.title or "") <= 256 and len(embed.description or "") <= 4096 and len(embed) <= 6000
    assert message.content is None or len(message.content) <= 2000


def test_every_prompt_of_two_whole_games_fits_discord(every_decision: list[Found]) -> None:
    kinds = set()
    for found in every_decision:
        payload = found.payload
        message = prompts.build_prompt(payload, found.extras)
        check_limits(message, payload)
        kinds.add(found.decision.kind)
        # and every screen one click away
        for component in components(message):
            if component.get("disabled"):
                continue
            values = [component["options"][-1]["value"]] if component["type"] == 3 else []
            if component["type"] == 3 and component["min_values"] > 1:
                values = [o["value"] for o in component["options"][: component["min_values"]]]
            reaction = react(found, component, values)
            if isinstance(reaction, prompts.Show):
                check_limits(prompts.build_prompt(payload, found.extras, reaction.screen), payload)
    assert {"orders", "march", "bid", "house-card", "muster", "support", "raven"} <= kinds


def test_custom_ids_round_trip_and_refuse_to_grow_past_the_limit() -> None:
    cid = CustomId(12, "lannister", "abc123", "os", ("1", "2", "3a-b"))
    assert parse(cid.encode()) == cid
    assert cid.encode() == "m:12:lannister:abc123:os:1:2:3a-b"
    with pytest.raises(ValueError):
        cid.with_op("os", "x" * 100).encode()
    for bad in ("x:1:a:b:c", "m:one:a:b:c", "m:1:a:b"):
        with pytest.raises(ValueError):
            parse(bad)


def test_the_fingerprint_changes_with_the_question_not_with_the_deadline(found: dict[str, Found]) -> None:
    bid = decision_json(found["bid"].decision)
    assert fingerprint(bid) == fingerprint(dict(bid))
    assert fingerprint({**bid, "prompt": "Bid for the Fiefdoms track."}) != fingerprint(bid)
    assert fingerprint(payload_of(found["bid"].decision, due_at=1)["decision"]) == fingerprint(bid)


# --- orders ----------------------------------------------------------------------------------------------


def test_orders_prompt_a_select_per_area_prefilled_with_the_default(found: dict[str, Found]) -> None:
    orders = found["orders"]
    schema = orders.decision.schema
    message = prompts.build_prompt(orders.payload, orders.extras)
    selects = by_op(message, "os")
    assert len(selects) == min(4, len(schema["areas"]))
    first = names.area_name(schema["areas"][0])
    tokens = {o["label"] for o in selects[0]["options"]}
    assert f"{first}: {names.token_name('march+0')}" in tokens  # the area is named: a select shows its choice
    submit = react(orders, by_op(message, "ok")[0])
    assert isinstance(submit, prompts.Submit)
    assert submit.line == orders.decision.default.format()
    assert orders.accepts(submit.line)


def test_the_orders_draft_made_with_the_selects_is_a_line_the_engine_accepts(found: dict[str, Found]) -> None:
    orders = found["orders"]
    message = prompts.build_prompt(orders.payload, orders.extras)
    wanted = ["march+0", "raid", "consolidate", "support+0", "defense+1", "march-1"]
    for slot in range(len(by_op(message, "os"))):
        select = by_op(message, "os")[slot]  # each new screen's selects carry the draft so far
        value = next(
            o["value"]
            for o in select["options"]
            if o["label"].endswith(": " + names.token_name(wanted[slot]))
        )
        message = show(orders, react(orders, select, [value]))
    submit = react(orders, by_op(message, "ok")[0])
    assert isinstance(submit, prompts.Submit)
    areas = orders.decision.schema["areas"]
    expected = " ".join(f"{a}={t}" for a, t in sorted(zip(areas, wanted, strict=False)))
    assert submit.line == f"orders {expected}"
    assert orders.accepts(submit.line)


def test_orders_drafts_name_what_the_engine_would_refuse(found: dict[str, Found]) -> None:
    decision = decision_json(found["orders"].decision)
    draft = drafts.OrdersDraft.start(decision)
    march = draft.tokens.index("march+0")
    for slot in range(len(draft.areas)):
        draft = draft.pick(slot, march)
    assert any("March +0" in p for p in draft.problems())
    draft = draft.pick(0, None)
    assert any("No order yet" in p for p in draft.problems())
    assert drafts.OrdersDraft.start(decision, draft.code) == draft


def test_many_areas_are_paged_four_at_a_time(every_decision: list[Found]) -> None:
    big = next(
        f for f in every_decision if f.decision.kind == "orders" and len(f.decision.schema["areas"]) > 4
    )
    areas = big.decision.schema["areas"]
    message = prompts.build_prompt(big.payload, big.extras)
    assert len(by_op(message, "os")) == 4
    pages = [c for c in by_op(message, "op") if "▶" in c["label"]]
    second = show(big, react(big, pages[0]))
    shown = [int(parse(c["custom_id"]).args[1]) for c in by_op(second, "os")]
    assert shown == list(range(4, min(8, len(areas))))
    assert by_op(second, "op")  # a way back


def test_typing_the_orders_starts_from_the_draft(found: dict[str, Found]) -> None:
    orders = found["orders"]
    message = prompts.build_prompt(orders.payload, orders.extras)
    reaction = react(orders, by_op(message, "t")[0])
    assert isinstance(reaction, prompts.OpenModal)
    assert reaction.prefill == orders.decision.default.format()
    modal = prompts.answer_modal(orders.payload, reaction.prefill)
    data = modal.to_dict()
    assert parse(data["custom_id"]).op == "x" and len(data["title"]) <= 45
    text_input = data["components"][0]["components"][0]
    assert text_input["custom_id"] == "line" and text_input["value"] == reaction.prefill


# --- march -----------------------------------------------------------------------------------------------


def test_a_march_is_chosen_unit_by_unit(found: dict[str, Found]) -> None:
    march = found["march"]
    sources = drafts.march_sources(decision_json(march.decision))
    message = prompts.build_prompt(march.payload, march.extras)
    if len(sources) > 1:
        pick = by_op(message, "ma")[0]
        assert len(pick["options"]) == len(sources)
        message = show(march, react(march, pick, ["0"]))
    source = sources[0]
    selects = by_op(message, "mv")
    assert len(selects) == min(len(source.slots), 4)
    moving = next(
        (
            d
            for d in source.destinations
            if source.entry[d] == "move" and source.slots[0] in source.allowed[d]
        ),
        None,
    )
    assert moving is not None, "the first march of a game can move somewhere"
    value = next(
        o["value"] for o in selects[0]["options"] if o["label"].endswith("→ " + names.area_name(moving))
    )
    message = show(march, react(march, selects[0], [value]))
    assert f"→ {names.area_name(moving)}" in (message.embed.description or "")
    submit = react(march, by_op(message, "mk")[0])
    assert isinstance(submit, prompts.Submit)
    assert submit.line == f"march {source.area} -> {moving} {source.slots[0]}"
    assert march.accepts(submit.line)


def test_the_power_token_toggle_and_staying_put(found: dict[str, Found]) -> None:
    march = found["march"]
    decision = decision_json(march.decision)
    source = drafts.march_sources(decision)[0]
    screen = prompts.Screen("mp", ("0", "0", source.stay_code(), "0"))
    message = prompts.build_prompt(march.payload, march.extras, screen)
    submit = react(march, by_op(message, "mk")[0])
    assert submit == prompts.Submit(f"march {source.area} -> none")
    assert march.accepts(submit.line)
    toggles = [c for c in by_op(message, "mp") if "power token" in c["label"]]
    assert bool(toggles) == source.may_leave_power
    assert source.line(source.stay_code(), True).endswith(" +power")


# --- muster ----------------------------------------------------------------------------------------------


def test_muster_offers_each_castle_its_legal_musters(found: dict[str, Found]) -> None:
    muster = found["muster"]
    extras = muster.extras
    areas = sorted(muster.decision.schema["areas"])
    message = prompts.build_prompt(muster.payload, extras)
    selects = by_op(message, "us")
    assert len(selects) == min(4, len(areas))
    assert all(extras.musters[a] for a in areas)
    for area in areas:
        for combo in extras.musters[area]:
            assert muster.accepts(f"muster {combo}")
    value = selects[0]["options"][1]["value"]
    message = show(muster, react(muster, selects[0], [value]))
    submit = react(muster, by_op(message, "uk")[0])
    assert submit == prompts.Submit(f"muster {extras.musters[areas[0]][0]}")
    assert muster.accepts(submit.line)
    nothing = prompts.build_prompt(muster.payload, extras)
    assert react(muster, by_op(nothing, "uk")[0]) == prompts.Submit("muster none")


def test_consolidate_and_the_wildlings_muster_list_their_answers(found: dict[str, Found]) -> None:
    for kind in ("consolidate", "wildling-muster"):
        case = found[kind]
        listed = SCREENS.choices(decision_json(case.decision), case.extras)
        assert listed
        for choice in listed:
            assert case.accepts(choice.action), choice


# --- choices ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "kind", ["bid", "house-card", "support", "raid", "retreat", "accept-support", "raven"]
)
def test_every_option_offered_is_accepted(found: dict[str, Found], kind: str) -> None:
    case = found[kind]
    message = prompts.build_prompt(case.payload, case.extras)
    offered = by_op(message, "c") + by_op(message, "g")
    assert offered
    for component in offered:
        if component["type"] == 2:
            reactions = [react(case, component)]
        else:
            reactions = [react(case, component, [o["value"]]) for o in component["options"]]
        for reaction in reactions:
            if isinstance(reaction, prompts.Submit):
                assert case.accepts(reaction.line)


def test_house_cards_show_names_and_strength(found: dict[str, Found]) -> None:
    case = found["house-card"]
    message = prompts.build_prompt(case.payload, case.extras)
    labels = [o["label"] for c in by_op(message, "c") for o in c.get("options", [])] or [
        c["label"] for c in by_op(message, "c")
    ]
    cards = [a.card for a in case.decision.options]
    assert sorted(labels) == sorted(names.card_label(c) for c in cards)


def test_long_lists_are_grouped_so_every_answer_stays_reachable(every_decision: list[Found]) -> None:
    raven = next(f for f in every_decision if f.decision.kind == "raven" and len(f.decision.options) > 25)
    message = prompts.build_prompt(raven.payload, raven.extras)
    groups = by_op(message, "g")[0]
    reached = set()
    for option in groups["options"]:
        reaction = react(raven, groups, [option["value"]])
        if isinstance(reaction, prompts.Submit):
            reached.add(reaction.line)
            continue
        inner = by_op(show(raven, reaction), "c")[0]
        for choice in inner["options"]:
            reached.add(react(raven, inner, [choice["value"]]).line)  # type: ignore[union-attr]
    assert reached == {a.format() for a in raven.decision.options}


def test_the_first_24_and_type_it_when_no_grouping_fits() -> None:
    listed = [Choice(f"bid {n}", f"Bid {n}") for n in range(30)]
    assert group_choices(listed[:20]) is None
    many = [Choice(f"choose x{n} y", f"X {n}") for n in range(30)]
    assert group_choices(many) is None  # 30 groups of one at every depth


# --- units and ranking -----------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["casualties", "wildling-destroy", "reconcile"])
def test_losses_are_a_multi_select_of_exactly_the_count(found: dict[str, Found], kind: str) -> None:
    case = found[kind]
    decision = decision_json(case.decision)
    pick = drafts.unit_pick(decision, case.extras)
    assert pick is not None and pick.low == pick.high
    message = prompts.build_prompt(case.payload, case.extras)
    select = by_op(message, "d")[0]
    assert select["min_values"] == select["max_values"] == pick.low
    default = case.decision.default.format()
    wanted = [(a, k) for a, k in (p.split() for p in default.removeprefix("destroy ").split(", "))]
    chosen, used = [], set()
    for unit in wanted:
        index = next(i for i, u in enumerate(pick.units) if u == unit and i not in used)
        used.add(index)
        chosen.append(str(index))
    submit = react(case, select, chosen)
    assert isinstance(submit, prompts.Submit)
    assert case.accepts(submit.line)


def test_wildling_swaps_pick_between_min_and_max(found: dict[str, Found]) -> None:
    case = found["wildling-swap"]
    schema = case.decision.schema
    message = prompts.build_prompt(case.payload, case.extras)
    select = by_op(message, "d")[0]
    assert (select["min_values"], select["max_values"]) == (
        schema["min"],
        min(schema["max"], len(select["options"])),
    )
    count = max(schema["min"], 1)
    submit = react(case, select, [o["value"] for o in select["options"][:count]])
    assert isinstance(submit, prompts.Submit) and submit.line.startswith("swap ")
    assert case.accepts(submit.line)


def test_a_ranking_is_chosen_house_by_house(found: dict[str, Found]) -> None:
    case = found["rank"]
    houses = case.decision.schema["houses"]
    message = prompts.build_prompt(case.payload, case.extras)
    assert by_op(message, "rk")[0]["disabled"]
    for house in reversed(houses):
        select = by_op(message, "rs")[0]
        value = next(o["value"] for o in select["options"] if o["label"] == names.house_name(house))
        message = show(case, react(case, select, [value]))
    assert not by_op(message, "rs")  # everyone is ranked
    assert show(case, react(case, by_op(message, "r")[0])).embed.description.count("nobody yet") == 1
    submit = react(case, by_op(message, "rk")[0])
    assert submit == prompts.Submit("rank " + " ".join(reversed(houses)))
    assert case.accepts(submit.line)


# --- what is shown ---------------------------------------------------------------------------------------


def test_prompts_say_what_is_asked_and_by_when(found: dict[str, Found]) -> None:
    bid = found["bid"]
    message = prompts.build_prompt(bid.payload, bid.extras)
    assert bid.decision.prompt in (message.embed.description or "")
    assert "<t:1800000000:R>" in (message.embed.description or "")
    channel = prompts.build_prompt(found["support"].payload, found["support"].extras, channel=True)
    assert channel.content is not None and channel.content.startswith("<@111>")


def test_an_answered_prompt_keeps_no_components(found: dict[str, Found]) -> None:
    support = found["support"]
    message = prompts.answered_message(support.payload, "choose none", channel=True)
    assert message.view is None
    assert "Support nobody" in (message.embed.description or "")


def test_actions_read_as_words() -> None:
    assert answers.describe("raid bay-of-ice -> none") == "Bay of Ice: no raid"
    assert answers.describe("stark: bid 3") == "Bid 3"
    assert answers.describe("choose lannister", "support") == "Support House Lannister"
    assert answers.describe("march winterfell -> moat-cailin footman knight +power") == (
        "From Winterfell: footman, knight to Moat Cailin, leaving a power token"
    )
    assert answers.describe("muster winterfell footman->knight, winterfell ship@bay-of-ice") == (
        "Footman becomes knight + ship in Bay of Ice"
    )
    assert answers.describe("raven swap winterfell defense+1") == "Winterfell: swap for Defense +1"
