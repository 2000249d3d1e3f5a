"""Decision payloads (from the table's outbox) turned into messages with components, and clicks on those
components turned into the next screen, an answer to submit, or a modal to type one.

Everything here is a pure function of the payload, the :class:`cogs.rules.Extras` read from the game and
the custom id: no prompt lives in memory, so a click is handled the same after a restart.

Ops (see :mod:`cogs.ids` for the id layout); "→ submit" means the answer goes to the table:

=========  ======================================  ====================================================
op         component                               does
=========  ======================================  ====================================================
c          select (value i)                        choose option i → submit (value ``t``: the modal)
g          select (value ``g<i>``/``c<i>``)        open group i of a long list, or choose option i
g:-        button                                  back to the groups
t[:…]      button                                  open the "type the answer" modal, prefilled
x          modal                                   the typed answer → submit
d          multi-select (values i…)                units to destroy / swap → submit
dn         button                                  none of them → submit
op:p:c     button                                  orders page p of draft c
os:p:s:c   select (value token or ``-``)           set area s of the orders draft
ok:c       button                                  submit the orders draft
ma         select (value source) / ``ma:-`` button  choose the march order / back to the orders
mv:…       select (value destination)              set a unit's destination
mp:s:p:c:w button                                  march page p, power token w (0/1)
mk:s:c:w   button                                  submit the march
up:p:c     button                                  muster page p
us:p:s:c   select (value muster)                   set area s's muster
uk:c       button                                  submit the muster
rs:c       select (value house)                    rank: the next house after those picked (code c)
r:         button                                  rank: start over
rk:c       button                                  submit the ranking
=========  ======================================  ====================================================
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import discord

from cogs import drafts, rules
from cogs.ids import NONE, CustomId, digit, fingerprint, is_number, undigit

PER_PAGE = 4  # area selects per orders / muster message, leaving a row for the buttons
BUTTON_LABEL = 80
OPTION_TEXT = 100
PLACEHOLDER = 150
TYPE_LABEL = "Type the answer"

KIND_TITLES = {
    "orders": "Place your orders",
    "bid": "Your bid",
    "house-card": "Choose your house card",
    "march": "Resolve a march order",
    "raid": "Resolve a raid order",
    "consolidate": "Resolve a Consolidate Power order",
    "muster": "Muster",
    "support": "Support in a battle",
    "accept-support": "Accept support?",
    "retreat": "Retreat",
    "casualties": "Casualties",
    "skull-casualties": "Casualties (skulls)",
    "retreat-losses": "Losses in the retreat",
    "reconcile": "Reconcile your armies with supply",
    "raven": "The Messenger Raven",
    "raven-peek": "The top wildling card",
    "rank": "Settle a tie",
    "westeros-choice": "A Westeros card choice",
    "wildling-destroy": "Wildlings: destroy units",
    "wildling-swap": "Wildlings: change units",
    "wildling-muster": "Wildlings: muster",
    "wildling-discard": "Wildlings: discard a card",
    "wildling-retrieve": "Wildlings: take a card back",
    "wildling-track": "Wildlings: choose a track",
    "wildling-tie": "Wildlings: settle a tie",
    "tides-redraw": "Tides of Battle",
    "replace-card": "Play another house card",
    "blade": "The Valyrian Steel Blade",
}


def clip(text: str, limit: int) -> str:
    text = " ".join(text.split()) if "\n" not in text else text
    return text if len(text) <= limit else text[: limit - 1] + "…"


def kind_title(kind: str) -> str:
    return KIND_TITLES.get(kind, kind.replace("-", " ").capitalize())


@dataclass(frozen=True)
class Screen:
    """Which screen of a prompt to draw: ``op`` is a showing op (``g``, ``op``, ``ma``, ``mp``, ``up``,
    ``r``) and ``args`` its state; ``Screen("")`` is the decision's first screen."""

    op: str = ""
    args: tuple[str, ...] = ()


@dataclass
class PromptMessage:
    content: str | None
    embed: discord.Embed
    view: discord.ui.View | None


@dataclass(frozen=True)
class Show:
    screen: Screen


@dataclass(frozen=True)
class Submit:
    line: str  # notation without the house


@dataclass(frozen=True)
class OpenModal:
    prefill: str


Reaction = Show | Submit | OpenModal


def root_id(payload: dict[str, Any]) -> CustomId:
    decision = payload["decision"]
    return CustomId(int(payload["game_id"]), decision["house"], fingerprint(decision), "")


# --- building blocks ---------------------------------------------------------------------------------------


class _Layout:
    """Rows of components: a select takes a row, buttons share one (five at most)."""

    def __init__(self) -> None:
        self.view = discord.ui.View(timeout=None)
        self.row = 0
        self.buttons = 0

    def select(self, select: discord.ui.Select) -> None:  # type: ignore[type-arg]
        if self.buttons:
            self.row += 1
            self.buttons = 0
        select.row = self.row
        self.view.add_item(select)
        self.row += 1

    def button(self, button: discord.ui.Button) -> None:  # type: ignore[type-arg]
        if self.buttons == 5:
            self.row += 1
            self.buttons = 0
        button.row = self.row
        self.view.add_item(button)
        self.buttons += 1

    def close_row(self) -> None:
        if self.buttons:
            self.row += 1
            self.buttons = 0


def _button(
    cid: CustomId,
    op: str,
    *args: object,
    label: str,
    style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    disabled: bool = False,
) -> discord.ui.Button:  # type: ignore[type-arg]
    return discord.ui.Button(
        style=style,
        label=clip(label, BUTTON_LABEL),
        custom_id=cid.with_op(op, *args).encode(),
        disabled=disabled,
    )


def _option(label: str, value: str, description: str = "", default: bool = False) -> discord.SelectOption:
    return discord.SelectOption(
        label=clip(label, OPTION_TEXT) or value,
        value=value,
        description=clip(description, OPTION_TEXT) or None,
        default=default,
    )


def _select(
    cid: CustomId,
    op: str,
    *args: object,
    options: list[discord.SelectOption],
    placeholder: str,
    low: int = 1,
    high: int = 1,
) -> discord.ui.Select:  # type: ignore[type-arg]
    return discord.ui.Select(
        custom_id=cid.with_op(op, *args).encode(),
        placeholder=clip(placeholder, PLACEHOLDER),
        min_values=low,
        max_values=high,
        options=options[:25],
    )


def _type_button(layout: _Layout, cid: CustomId, *args: object) -> None:
    if not cid.fits("t", *args):
        args = ()
    layout.button(_button(cid, "t", *args, label=TYPE_LABEL, style=discord.ButtonStyle.secondary))


def _due(due_at: float | None) -> str:
    return f"Answer by <t:{int(due_at)}:f> (<t:{int(due_at)}:R>)." if due_at else ""


def _embed(payload: dict[str, Any], body: list[str], note: str | None = None) -> discord.Embed:
    decision = payload["decision"]
    house = decision["house"]
    lines = [decision["prompt"]]
    if body:
        lines += ["", *body]
    due = _due(payload.get("due_at"))
    if due:
        lines += ["", due]
    if note:
        lines = [note, "", *lines]
    embed = discord.Embed(
        title=clip(f"{rules.house_name(house)}: {kind_title(decision['kind'])}", 256),
        description=clip("\n".join(lines), 4000),
        colour=rules.house_colour(house),
    )
    embed.set_footer(
        text=clip(
            f"{payload.get('game_name', '')} · game {payload['game_id']} · or answer with /game act", 2048
        )
    )
    return embed


def _content(payload: dict[str, Any], channel: bool) -> str:
    house = rules.house_name(payload["decision"]["house"])
    if channel:
        return f"<@{payload['user_id']}>, {house} must decide in **{payload.get('game_name', '')}**."
    return f"**{payload.get('game_name', '')}** (game {payload['game_id']}): a decision for {house}."


# --- the screens -------------------------------------------------------------------------------------------


def _orders(
    payload: dict[str, Any], extras: rules.Extras, layout: _Layout, args: tuple[str, ...]
) -> list[str]:
    decision = payload["decision"]
    cid = root_id(payload)
    draft = drafts.OrdersDraft.start(decision, args[1] if len(args) > 1 else None)
    pages = max(1, -(-len(draft.areas) // PER_PAGE))
    page = min(max(int(args[0]) if args else 0, 0), pages - 1)
    code = draft.code
    for slot in range(page * PER_PAGE, min(len(draft.areas), (page + 1) * PER_PAGE)):
        area = draft.areas[slot]
        name = rules.area_name(area)
        # Option labels name the area: a select shows its chosen option, not its placeholder.
        options = []
        if draft.may_leave_empty:
            options.append(_option(f"{name}: no order", NONE, default=draft.picks[slot] is None))
        for index, token in enumerate(draft.tokens):
            owned = draft.counts.get(token, 0)
            options.append(
                _option(
                    f"{name}: {rules.token_name(token)}",
                    digit(index),
                    f"you have {owned}",
                    draft.picks[slot] == index,
                )
            )
        units = rules.units_text(extras.units.get(area, []))
        layout.select(
            _select(
                cid, "os", page, slot, code, options=options, placeholder=f"{rules.area_name(area)} ({units})"
            )
        )
    if page > 0:
        layout.button(_button(cid, "op", page - 1, code, label="◀ Previous areas"))
    if page < pages - 1:
        layout.button(_button(cid, "op", page + 1, code, label="More areas ▶"))
    layout.button(_button(cid, "ok", code, label="Submit orders", style=discord.ButtonStyle.success))
    _type_button(layout, cid, "o", code)
    body = []
    for slot, area in enumerate(draft.areas):
        token = draft.token_of(slot)
        units = rules.units_text(extras.units.get(area, []))
        body.append(f"**{rules.area_name(area)}** ({units}): {rules.token_name(token) if token else '—'}")
    body += [f"⚠️ {problem}" for problem in draft.problems()]
    if pages > 1:
        body.append(f"Page {page + 1} of {pages}: use the buttons for the other areas.")
    return body


def _march_sources(payload: dict[str, Any], layout: _Layout) -> list[str]:
    cid = root_id(payload)
    sources = drafts.march_sources(payload["decision"])
    options = [
        _option(
            rules.area_name(s.area),
            str(i),
            f"{rules.units_text(list(s.slots))}; {len(s.destinations)} destination(s)",
        )
        for i, s in enumerate(sources)
    ]
    layout.select(_select(cid, "ma", options=options, placeholder="Choose the march order to resolve"))
    _type_button(layout, cid)
    return [f"**{rules.area_name(s.area)}**: {rules.units_text(list(s.slots))}" for s in sources]


def _march(payload: dict[str, Any], layout: _Layout, args: tuple[str, ...]) -> list[str]:
    cid = root_id(payload)
    sources = drafts.march_sources(payload["decision"])
    index = int(args[0]) if args else 0
    source = sources[index]
    code = args[2] if len(args) > 2 else source.stay_code()
    power = len(args) > 3 and args[3] == "1"
    chosen = source.decode(code)
    per_page = PER_PAGE if len(source.slots) <= PER_PAGE else PER_PAGE - 1
    pages = max(1, -(-len(source.slots) // per_page))
    page = min(max(int(args[1]) if len(args) > 1 else 0, 0), pages - 1)
    pw = "1" if power else "0"
    numbering: dict[str, int] = {}
    numbers = []
    for kind in source.slots:
        numbering[kind] = numbering.get(kind, 0) + 1
        numbers.append(numbering[kind])
    for slot in range(page * per_page, min(len(source.slots), (page + 1) * per_page)):
        kind = source.slots[slot]
        unit = f"{rules.unit_name(kind)} {numbers[slot]}"
        options = [
            _option(f"{unit} stays in {rules.area_name(source.area)}", "0", default=chosen[slot] is None)
        ]
        for d, dest in enumerate(source.destinations):
            if kind in source.allowed.get(dest, ()) and len(options) < 25:
                options.append(
                    _option(
                        f"{unit} → {rules.area_name(dest)}",
                        digit(d + 1),
                        drafts.ENTRY_WORDS.get(source.entry.get(dest, "move"), ""),
                        chosen[slot] == dest,
                    )
                )
        layout.select(
            _select(
                cid,
                "mv",
                index,
                page,
                slot,
                code,
                pw,
                options=options,
                placeholder=f"{rules.unit_name(kind)} {numbers[slot]}: stay or move",
            )
        )
    if page > 0:
        layout.button(_button(cid, "mp", index, page - 1, code, pw, label="◀ Previous units"))
    if page < pages - 1:
        layout.button(_button(cid, "mp", index, page + 1, code, pw, label="More units ▶"))
    if source.may_leave_power:
        layout.button(
            _button(
                cid,
                "mp",
                index,
                page,
                code,
                "0" if power else "1",
                label=f"Leave a power token: {'yes' if power else 'no'}",
                style=discord.ButtonStyle.primary if power else discord.ButtonStyle.secondary,
            )
        )
    layout.button(
        _button(cid, "mk", index, code, pw, label="Submit march", style=discord.ButtonStyle.success)
    )
    _type_button(layout, cid, "m", index, code, pw)
    if len(sources) > 1 and layout.buttons < 5:
        layout.button(_button(cid, "ma", NONE, label="Another march order"))
    body = [f"March order in **{rules.area_name(source.area)}**:"]
    for slot, kind in enumerate(source.slots):
        dest = chosen[slot]
        where = "stays" if dest is None else f"→ {rules.area_name(dest)}"
        entry = "" if dest is None else f" ({drafts.ENTRY_WORDS.get(source.entry.get(dest, ''), '')})"
        body.append(f"{rules.unit_name(kind)} {numbers[slot]} {where}{entry}")
    if source.may_leave_power:
        body.append(f"Leave a power token if every unit leaves: {'yes' if power else 'no'}.")
    if pages > 1:
        body.append(f"Page {page + 1} of {pages}.")
    return body


def _muster_cost(combo: str) -> int:
    cost = 0
    for item in combo.split(","):
        words = item.split()
        what = words[1] if len(words) == 2 else ""
        cost += 2 if what in ("knight", "siege") else 1
    return cost


def _muster(
    payload: dict[str, Any], extras: rules.Extras, layout: _Layout, args: tuple[str, ...]
) -> list[str]:
    decision = payload["decision"]
    cid = root_id(payload)
    plan = drafts.muster_plan(decision, extras)
    code = args[1] if len(args) > 1 else plan.stay_code()
    chosen = plan.decode(code)
    pages = max(1, -(-len(plan.areas) // PER_PAGE))
    page = min(max(int(args[0]) if args else 0, 0), pages - 1)
    hidden = False
    for slot in range(page * PER_PAGE, min(len(plan.areas), (page + 1) * PER_PAGE)):
        area = plan.areas[slot]
        combos = plan.combos.get(area, [])
        name = rules.area_name(area)
        options = [_option(f"{name}: nothing", "0", default=chosen[slot] is None)]
        for i, combo in enumerate(combos[:24]):
            cost = _muster_cost(combo)
            options.append(
                _option(
                    f"{name}: {drafts.describe_muster_items(combo).lower()}",
                    digit(i + 1),
                    f"{cost} point(s)",
                    chosen[slot] == combo,
                )
            )
        hidden = hidden or len(combos) > 24
        points = plan.points[area]
        layout.select(
            _select(
                cid,
                "us",
                page,
                slot,
                code,
                options=options,
                placeholder=f"{rules.area_name(area)}: {points} point(s)",
            )
        )
    if page > 0:
        layout.button(_button(cid, "up", page - 1, code, label="◀ Previous castles"))
    if page < pages - 1:
        layout.button(_button(cid, "up", page + 1, code, label="More castles ▶"))
    layout.button(_button(cid, "uk", code, label="Submit muster", style=discord.ButtonStyle.success))
    _type_button(layout, cid, "u", code)
    body = []
    for area, combo in zip(plan.areas, chosen, strict=True):
        what = drafts.describe_muster_items(combo) if combo else "nothing"
        body.append(f"**{rules.area_name(area)}** ({plan.points[area]} point(s)): {what}")
    reserve = (decision.get("schema") or {}).get("reserve")
    if reserve:
        body.append("Reserve: " + ", ".join(f"{n} {k}" for k, n in sorted(reserve.items())) + ".")
    if hidden:
        body.append("Some castles allow more musters than a menu holds: type the answer for the others.")
    if pages > 1:
        body.append(f"Page {page + 1} of {pages}.")
    return body


def _ordinal(n: int) -> str:
    return {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth"}.get(n, f"{n}th")


def _rank(payload: dict[str, Any], layout: _Layout, args: tuple[str, ...]) -> list[str]:
    cid = root_id(payload)
    ranking = drafts.Ranking.start(payload["decision"], args[0] if args else "")
    place = len(ranking.picked) + 1
    if ranking.left:
        options = [_option(rules.house_name(ranking.houses[i]), digit(i)) for i in ranking.left]
        layout.select(
            _select(cid, "rs", ranking.code, options=options, placeholder=f"Who comes {_ordinal(place)}?")
        )
    layout.button(
        _button(
            cid,
            "rk",
            ranking.code,
            label="Submit ranking",
            style=discord.ButtonStyle.success,
            disabled=not ranking.complete,
        )
    )
    layout.button(_button(cid, "r", "", label="Start over", disabled=not ranking.picked))
    _type_button(layout, cid, "r", ranking.code)
    so_far = [f"{n}. {rules.house_name(ranking.houses[i])}" for n, i in enumerate(ranking.picked, start=1)]
    return ["Best first. So far: " + (", ".join(so_far) if so_far else "nobody yet") + "."]


def _units(payload: dict[str, Any], pick: drafts.UnitPick, layout: _Layout) -> list[str]:
    decision = payload["decision"]
    cid = root_id(payload)
    labels = pick.labels()
    options = [_option(label, str(i)) for i, label in enumerate(labels[:25])]
    high = min(pick.high, len(options))
    low = min(pick.low, high)
    body = []
    if high > 0 and pick.low <= len(options):
        verb = "destroy" if pick.verb == "destroy" else f"change ({pick.change[0]} → {pick.change[1]})"  # type: ignore[index]
        count = str(low) if low == high else f"{low} to {high}"
        layout.select(
            _select(
                cid, "d", options=options, placeholder=f"Choose {count} unit(s) to {verb}", low=low, high=high
            )
        )
    if len(labels) > 25:
        body.append("Only the first 25 units fit in the menu; type the answer to name others.")
    if pick.low == 0:
        layout.button(_button(cid, "dn", label="None"))
    _type_button(layout, cid)
    body.append(f"Suggested: {drafts.describe(decision['default'], decision['kind'])}.")
    return body


def _choices(
    payload: dict[str, Any], listed: list[drafts.Choice], layout: _Layout, screen: Screen
) -> list[str]:
    cid = root_id(payload)
    kind = payload["decision"]["kind"]
    if len(listed) <= 25:
        options = [_option(c.label, str(i), c.description) for i, c in enumerate(listed)]
        layout.select(_select(cid, "c", options=options, placeholder=clip(kind_title(kind), PLACEHOLDER)))
        _type_button(layout, cid)
        return []
    groups = drafts.group_choices(listed)
    if groups is None:
        options = [_option(c.label, str(i), c.description) for i, c in enumerate(listed[:24])]
        options.append(_option("Something else: type it…", "t"))
        layout.select(_select(cid, "c", options=options, placeholder="Choose, or type another answer"))
        _type_button(layout, cid)
        return [f"{len(listed)} answers are possible; the menu shows the first 24."]
    group = None
    if screen.op == "g" and screen.args and screen.args[0] != NONE:
        group = int(screen.args[0])
        if not 0 <= group < len(groups):
            group = None
    if group is None:
        options = [
            _option(g.label, f"c{g.members[0]}" if len(g.members) == 1 else f"g{i}")
            for i, g in enumerate(groups)
        ]
        layout.select(_select(cid, "g", options=options, placeholder="Choose"))
        _type_button(layout, cid)
        return []
    members = groups[group].members
    options = [_option(listed[i].label, str(i), listed[i].description) for i in members]
    layout.select(_select(cid, "c", options=options, placeholder=clip(groups[group].label, PLACEHOLDER)))
    layout.button(_button(cid, "g", NONE, label="◀ Back"))
    _type_button(layout, cid)
    return []


def first_screen(payload: dict[str, Any]) -> Screen:
    decision = payload["decision"]
    kind = decision["kind"]
    if kind == "orders":
        return Screen("op", ("0",))
    if kind == "march":
        sources = drafts.march_sources(decision)
        if len(sources) == 1:
            return Screen("mp", ("0", "0", sources[0].stay_code(), "0"))
        return Screen("ma")
    if kind == "muster":
        return Screen("up", ("0",))
    if kind == "rank":
        return Screen("r", ("",))
    return Screen("")


def build_prompt(
    payload: dict[str, Any],
    extras: rules.Extras,
    screen: Screen | None = None,
    *,
    note: str | None = None,
    channel: bool = False,
) -> PromptMessage:
    """The message asking for ``payload``'s decision: an embed saying what is asked and by when, and the
    components to answer it, always including a "Type the answer" button."""
    decision = payload["decision"]
    kind = decision["kind"]
    screen = screen if screen is not None and screen.op else first_screen(payload)
    layout = _Layout()
    if kind == "orders":
        body = _orders(payload, extras, layout, screen.args)
    elif kind == "march":
        body = _march(payload, layout, screen.args) if screen.op == "mp" else _march_sources(payload, layout)
    elif kind == "muster":
        body = _muster(payload, extras, layout, screen.args)
    elif kind == "rank":
        body = _rank(payload, layout, screen.args)
    elif (pick := drafts.unit_pick(decision, extras)) is not None:
        body = _units(payload, pick, layout)
    elif listed := drafts.choices(decision, extras):
        body = _choices(payload, listed, layout, screen)
    else:
        _type_button(layout, root_id(payload))
        body = [f"Suggested: {drafts.describe(decision['default'], kind)}."]
    layout.view.stop()  # never kept by discord.py: clicks are handled from the custom id alone
    return PromptMessage(_content(payload, channel), _embed(payload, body, note), layout.view)


def answered_message(payload: dict[str, Any], line: str, *, channel: bool, note: str = "") -> PromptMessage:
    """The prompt once answered for good: what was chosen, and no components."""
    decision = payload["decision"]
    who = rules.house_name(decision["house"]) if channel else "You"
    text = f"✅ {who} answered: **{drafts.describe(line, decision['kind'])}**"
    embed = _embed(payload, [], text + (f"\n{note}" if note else ""))
    return PromptMessage(None, embed, None)


def answer_modal(payload: dict[str, Any], prefill: str) -> discord.ui.Modal:
    """The "type the answer" modal: one notation line, prefilled (the default, or the draft so far)."""
    decision = payload["decision"]
    cid = root_id(payload).with_op("x")
    modal = discord.ui.Modal(
        title=clip(f"{rules.house_name(decision['house'])}: {kind_title(decision['kind'])}", 45),
        custom_id=cid.encode(),
        timeout=None,
    )
    modal.add_item(
        discord.ui.TextInput(
            label="Your answer, in notation",
            custom_id="line",
            style=discord.TextStyle.paragraph,
            default=clip(prefill, 4000),
            placeholder=clip(f"e.g. {drafts.strip_house(decision['default'])}", 100),
            max_length=4000,
        )
    )
    modal.stop()
    return modal


# --- clicks ------------------------------------------------------------------------------------------------


def react(payload: dict[str, Any], extras: rules.Extras, cid: CustomId, values: list[str]) -> Reaction:
    """What a click on a component of this decision's prompt does. Raises ValueError for a click that
    does not fit the decision (an edited or garbled id): the caller treats it as a stale prompt."""
    decision = payload["decision"]
    op, args = cid.op, cid.args
    default = drafts.strip_house(decision["default"])
    value = values[0] if values else None
    if op == "c":
        listed = drafts.choices(decision, extras) or []
        choice = args[0] if args and is_number(args[0], 3) else value
        if choice == "t":
            return OpenModal(default)
        return Submit(listed[int(choice or "")].action)
    if op == "g":
        if value is None:
            return Show(Screen("g", (NONE,)))
        listed = drafts.choices(decision, extras) or []
        if value.startswith("c"):
            return Submit(listed[int(value[1:])].action)
        return Show(Screen("g", (value[1:],)))
    if op == "t":
        return OpenModal(_typed_prefill(payload, extras, args) or default)
    if op in ("d", "dn"):
        pick = drafts.unit_pick(decision, extras)
        if pick is None:
            raise ValueError("not a decision about units")
        chosen = [] if op == "dn" else [int(v) for v in values]
        if any(not 0 <= i < len(pick.units) for i in chosen) or len(set(chosen)) != len(chosen):
            raise ValueError("unknown units")
        return Submit(pick.line(chosen))
    if op == "op":
        return Show(Screen("op", args[:2]))
    if op == "os":
        page, slot, code = args[0], int(args[1]), args[2]
        draft = drafts.OrdersDraft.start(decision, code)
        draft = draft.pick(slot, None if value in (None, NONE) else undigit(value))
        return Show(Screen("op", (page, draft.code)))
    if op == "ok":
        return Submit(drafts.OrdersDraft.start(decision, args[0]).line)
    if op == "ma":
        if value is None:
            return Show(Screen("ma"))
        source = drafts.march_sources(decision)[int(value)]
        return Show(Screen("mp", (value, "0", source.stay_code(), "0")))
    if op == "mv":
        index, page, slot, code, power = args[0], args[1], int(args[2]), args[3], args[4]
        source = drafts.march_sources(decision)[int(index)]
        source.decode(code)
        new = code[:slot] + (value or "0") + code[slot + 1 :]
        source.decode(new)
        return Show(Screen("mp", (index, page, new, power)))
    if op == "mp":
        return Show(Screen("mp", args[:4]))
    if op == "mk":
        source = drafts.march_sources(decision)[int(args[0])]
        return Submit(source.line(args[1], args[2] == "1"))
    if op == "up":
        return Show(Screen("up", args[:2]))
    if op == "us":
        page, slot, code = args[0], int(args[1]), args[2]
        plan = drafts.muster_plan(decision, extras)
        plan.decode(code)
        new = plan.pick(code, slot, undigit(value or "0"))
        plan.decode(new)
        return Show(Screen("up", (page, new)))
    if op == "uk":
        return Submit(drafts.muster_plan(decision, extras).line(args[0]))
    if op == "r":
        return Show(Screen("r", ("",)))
    if op == "rs":
        ranking = drafts.Ranking.start(decision, args[0] if args else "")
        index = undigit(value or "")
        if index not in ranking.left:
            raise ValueError("that house is ranked already")
        return Show(Screen("r", (ranking.add(index).code,)))
    if op == "rk":
        ranking = drafts.Ranking.start(decision, args[0])
        if not ranking.complete:
            raise ValueError("the ranking is not complete")
        return Submit(ranking.line)
    raise ValueError(f"unknown op {op!r}")


def _typed_prefill(payload: dict[str, Any], extras: rules.Extras, args: tuple[str, ...]) -> str | None:
    """The draft shown in the prompt, as notation, to start the typed answer from."""
    decision = payload["decision"]
    try:
        if args[:1] == ("o",):
            return drafts.OrdersDraft.start(decision, args[1]).line
        if args[:1] == ("m",):
            return drafts.march_sources(decision)[int(args[1])].line(args[2], args[3] == "1")
        if args[:1] == ("u",):
            return drafts.muster_plan(decision, extras).line(args[1])
        if args[:1] == ("r",):
            ranking = drafts.Ranking.start(decision, args[1])
            return ranking.line if ranking.complete else None
    except (ValueError, IndexError):
        return None
    return None


def answer_screen(payload: dict[str, Any], answer: str | None) -> Screen | None:
    """The screen showing an answer already given, to change it (orders: the draft is the answer)."""
    if payload["decision"]["kind"] == "orders" and answer:
        draft = drafts.OrdersDraft.start(payload["decision"]).with_line(answer)
        return Screen("op", ("0", draft.code))
    return None


def show_prompt_view(game_id: int, label: str = "Show my prompt") -> discord.ui.View:
    """A button anyone may press to see their own decision in this game, privately."""
    view = discord.ui.View(timeout=None)
    view.add_item(
        discord.ui.Button(
            style=discord.ButtonStyle.primary,
            label=label,
            custom_id=CustomId(game_id, NONE, NONE, "show").encode(),
        )
    )
    view.stop()
    return view


def private_view(game_id: int, item_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(
        discord.ui.Button(
            style=discord.ButtonStyle.primary,
            label="Show it to me",
            custom_id=CustomId(game_id, NONE, NONE, "pv", (str(item_id),)).encode(),
        )
    )
    view.stop()
    return view
