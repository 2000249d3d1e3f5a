"""The nine wildling cards: the highest bidder's reward when the Night's Watch holds, the lowest bidder's
penalty and everyone else's when the wildlings win.

:func:`start_card` applies the card the attack just drew. The attack frame stays on the stack under the
frames pushed here, and buries the card and adjusts the threat once they are done.

Only the houses taking part in the attack are touched; "everyone else" means the other participants,
in Iron Throne order. Houses whose choices touch only their own units or cards decide at the same time;
choices on the influence tracks, where the order matters, are made one house at a time in Iron Throne
order. A house is asked only when its answer can change something: when every legal answer comes to
the same thing, the effect applies at once. Every destruction lets the port of an emptied land area
follow its new controller (:func:`settle_port`); a house never leaves a power token where it loses its
last units.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from data.thrones_names import Counted, Named
from engine.core.decisions import Decision
from engine.core.errors import IllegalAction
from engine.thrones.actions import Action, Choose, Destroy, Discard, Muster, Retrieve, Swap
from engine.thrones.bidding import DOMINANCE, TRACK_NAMES, TRACK_ORDER
from engine.thrones.board import BOARD, FACTS
from engine.thrones.control import available_units, gain_power, lose_power, units_of
from engine.thrones.frame import ThronesFrame, expect
from engine.thrones.mustering import (
    apply_muster,
    can_muster,
    describe_items,
    muster_areas,
    muster_decision,
    validate_muster,
)
from engine.thrones.phrases import and_list, counted, named, noun, units_in
from engine.thrones.ports import settle_port
from engine.thrones.reconcile import ReconcileFrame, check_present, destroy_units
from engine.thrones.state import State
from i18n import nsaid, psaid

if TYPE_CHECKING:
    from engine.thrones.game import ThronesGame
    from engine.thrones.wildlings import WildlingAttackFrame

# The order in which a default answer gives units up: the weakest first.
_WEAKEST_FIRST = {"footman": 0, "ship": 1, "siege": 2, "knight": 3}
_SUPPLY_TOP = len(FACTS.supply_limits) - 1
_PREEMPTIVE_RAID_STRENGTH = 6
_PREEMPTIVE_RAID_DROP = 2

Units = tuple[tuple[str, str], ...]  # (area, kind) pairs


# --- helpers --------------------------------------------------------------------------------------------


def _card_name(card: str) -> str:
    return FACTS.wildling_cards[card].name


def _say(game: ThronesGame, card: str, effect: str, text: str, **data: Any) -> None:
    """An effect of a wildling card: ``effect`` names which (the table words each, from the data)."""
    game.emit("wildling-effect", f"{_card_name(card)}: {text}", card=card, effect=effect, **data)


def _into(kind: str, units: Sequence[str]) -> str:
    """What units turn into: "a knight", or "knights" for several."""
    return counted(kind, 1) if len(units) == 1 else noun(kind, len(units))


def _card_names(cards: Sequence[str]) -> str:
    return and_list([FACTS.house_cards[card].name for card in cards])


def _house_units(state: State, house: str) -> list[tuple[str, str]]:
    """The house's units as (area, kind), weakest first, then by area."""
    return sorted(
        ((area, unit.kind) for area, unit in units_of(state, house)),
        key=lambda unit: (_WEAKEST_FIRST[unit[1]], unit[0]),
    )


def _areas_of(state: State, house: str, kind: str) -> list[str]:
    """One entry per unit of ``kind`` the house has on the board: the area it stands in, sorted."""
    return sorted(area for area, unit in units_of(state, house) if unit.kind == kind)


def _no_real_choice(items: Sequence[Hashable], count: int) -> bool:
    """Whether picking ``count`` of ``items`` (a multiset) can be done only one way."""
    return count == 0 or count >= len(items) or len(set(items)) == 1


def _settle_ports(game: ThronesGame, areas: set[str]) -> None:
    for area in sorted(areas):
        if area in BOARD.land:
            settle_port(game, area)


def _turn_order(state: State, houses: Sequence[str]) -> list[str]:
    return [house for house in state.throne if house in houses]


def _move_on_track(state: State, track: str, house: str, index: int) -> tuple[int, int]:
    """Put the house at ``index`` (0 = first; clamped to the last place) of a track; the others keep
    their order. Its dominance token follows position 1 at once, used or not as it is. Returns the
    house's positions before and after, counted from 1."""
    order: list[str] = getattr(state, track)
    before = order.index(house)
    order.remove(house)
    order.insert(min(index, len(order)), house)
    return before + 1, order.index(house) + 1


def _strength(card: str) -> int:
    return FACTS.house_cards[card].strength


def _track_choice(house: str, prompt: str, tracks: Sequence[str], data: dict[str, Any]) -> Decision:
    return Decision(
        house=house,
        kind="wildling-track",
        prompt=prompt,
        secret=False,
        default=Choose(tracks[0]),
        options=tuple(Choose(track) for track in tracks),
        data=data,
    )


def _check_track(action: Action, tracks: Sequence[str]) -> str:
    expect(action, Choose, what=psaid("awaited", "a track ('choose {tracks}')", tracks="|".join(tracks)))
    assert isinstance(action, Choose)
    if action.option not in tracks:
        raise IllegalAction("Choose one of: {options}.", options=", ".join(tracks))
    return action.option


# --- destroying units -----------------------------------------------------------------------------------


@dataclass
class UnitLossFrame(ThronesFrame):
    """Houses destroy units of their own choice, all at the same time (each choice touches only its own
    units).

    ``demands`` maps every house still to choose to how many units it loses: exactly that many, or all
    it has if fewer, anywhere on the board (ships and units in ports count). A house listed in
    ``one_castle`` (the lowest bidder of The Horde Descends) loses them all from one castle or
    stronghold area holding at least that many of its units, when it has such an area; else from
    anywhere. The default gives up the weakest units: footmen, then ships, siege engines, knights.
    """

    kind = "wildling-losses"
    card: str = ""
    demands: dict[str, int] = field(default_factory=dict)
    one_castle: list[str] = field(default_factory=list)

    def groups(self, state: State, house: str) -> tuple[list[list[tuple[str, str]]], bool]:
        """The sets of units the house may lose from (all its losses come from one of them), and whether
        they are its castle armies."""
        units = _house_units(state, house)
        if house in self.one_castle:
            need = self.demands[house]
            by_area: dict[str, list[tuple[str, str]]] = {}
            for unit in units:
                by_area.setdefault(unit[0], []).append(unit)
            armies = [by_area.get(area, []) for area in BOARD.castle_areas]
            armies = [army for army in armies if len(army) >= need]
            if armies:
                return armies, True
        return [units], False

    def run(self, game: ThronesGame) -> list[Decision] | None:
        state = game.state
        waiting = []
        for house in _turn_order(state, list(self.demands)):
            groups, in_castle = self.groups(state, house)
            count = min(self.demands[house], len(groups[0]))
            if len(groups) == 1 and _no_real_choice(groups[0], count):
                self._destroy(game, house, tuple(groups[0][:count]))
                return None
            where = (
                " from one castle or stronghold area (" + ", ".join(BOARD.name(g[0][0]) for g in groups) + ")"
                if in_castle
                else ""
            )
            waiting.append(
                Decision(
                    house=house,
                    kind="wildling-destroy",
                    prompt=f"{_card_name(self.card)}: destroy {count} of your units{where}.",
                    secret=False,
                    default=Destroy(tuple(groups[0][:count])),
                    schema={"count": count, "groups": [[list(u) for u in group] for group in groups]},
                    data={"card": self.card, "count": count, "in_castle": in_castle},
                )
            )
        if waiting:
            return waiting
        game.pop(self)
        return None

    def act(self, game: ThronesGame, house: str, action: Action) -> None:
        expect(action, Destroy, what=psaid("awaited", "the units to destroy ('destroy AREA UNIT, ...')"))
        assert isinstance(action, Destroy)
        state = game.state
        groups, _ = self.groups(state, house)
        count = min(self.demands[house], len(groups[0]))
        if len(action.units) != count:
            raise IllegalAction(
                nsaid(
                    "Destroy exactly {count} unit, not {given}.",
                    "Destroy exactly {count} units, not {given}.",
                    count,
                    given=len(action.units),
                )
            )
        check_present(state, house, action.units)
        wanted = Counter(action.units)
        if not any(wanted <= Counter(group) for group in groups):
            raise IllegalAction(
                nsaid(
                    "Take the unit from one castle or stronghold area: {areas}.",
                    "Take all {count} units from one castle or stronghold area: {areas}.",
                    count,
                    areas=named("areas", [group[0][0] for group in groups]),
                )
            )
        self._destroy(game, house, action.units)

    def _destroy(self, game: ThronesGame, house: str, units: Units) -> None:
        del self.demands[house]
        if house in self.one_castle:
            self.one_castle.remove(house)
        touched = destroy_units(game.state, house, units)
        lost = units_in(units) if units else "no units: it has none left"
        text = f"House {house.title()} loses {lost}."
        _say(game, self.card, "losses", text, house=house, units=[list(u) for u in units])
        _settle_ports(game, touched)

    def describe(self, game: ThronesGame, viewer: str | None) -> dict[str, Any]:
        return {"step": self.kind, "card": self.card, "demands": dict(self.demands)}


# --- Preemptive Raid ------------------------------------------------------------------------------------


def _last_everywhere(state: State, house: str) -> bool:
    return all(getattr(state, track)[-1] == house for track in TRACK_ORDER)


@dataclass
class PreemptiveRaidFrame(ThronesFrame):
    """Preemptive Raid, the wildlings win: the lowest bidder chooses to destroy 2 of its units
    (``choose units``) or to fall 2 places on its best influence track (``choose tracks``).

    An option that cannot change anything is not offered: units for a house without units, tracks for a
    house already last on all three. With one option left it applies at once; with none, nothing
    happens.
    """

    kind = "preemptive-raid"
    house: str = ""

    def options(self, state: State) -> list[str]:
        options = []
        if units_of(state, self.house):
            options.append("units")
        if not _last_everywhere(state, self.house):
            options.append("tracks")
        return options

    def run(self, game: ThronesGame) -> list[Decision] | None:
        options = self.options(game.state)
        if len(options) > 1:
            return [
                Decision(
                    house=self.house,
                    kind="preemptive-raid",
                    prompt=f"{_card_name('preemptive-raid')}: destroy {_PREEMPTIVE_RAID_DROP} of your units "
                    f"('choose units') or fall {_PREEMPTIVE_RAID_DROP} places on the influence track where "
                    "you stand highest ('choose tracks').",
                    secret=False,
                    default=Choose(options[0]),
                    options=tuple(Choose(option) for option in options),
                    data={"card": "preemptive-raid", "drop": _PREEMPTIVE_RAID_DROP},
                )
            ]
        self._resolve(game, options[0] if options else None)
        return None

    def act(self, game: ThronesGame, house: str, action: Action) -> None:
        expect(action, Choose, what=psaid("awaited", "'choose units' or 'choose tracks'"))
        assert isinstance(action, Choose)
        options = self.options(game.state)
        if action.option not in options:
            raise IllegalAction("Choose one of: {options}.", options=", ".join(options))
        self._resolve(game, action.option)

    def _resolve(self, game: ThronesGame, option: str | None) -> None:
        game.pop(self)
        card = "preemptive-raid"
        who = f"House {self.house.title()}"
        if option == "units":
            text = f"{who} chooses to lose {_PREEMPTIVE_RAID_DROP} units."
            _say(game, card, "raid-units", text, house=self.house, option=option, count=_PREEMPTIVE_RAID_DROP)
            game.push(UnitLossFrame(card=card, demands={self.house: _PREEMPTIVE_RAID_DROP}))
        elif option == "tracks":
            text = f"{who} chooses to fall {_PREEMPTIVE_RAID_DROP} places on an influence track."
            _say(
                game, card, "raid-tracks", text, house=self.house, option=option, count=_PREEMPTIVE_RAID_DROP
            )
            game.push(TrackDropFrame(house=self.house))
        else:
            _say(
                game,
                card,
                "raid-nothing",
                f"{who} has no units and is last on every track: nothing happens.",
                house=self.house,
            )


@dataclass
class TrackDropFrame(ThronesFrame):
    """Preemptive Raid, the ``tracks`` option: the house falls 2 places (never below last) on the
    influence track where it has its best position. When that position is the same on several tracks,
    the Iron Throne holder chooses which of them."""

    kind = "preemptive-raid-track"
    house: str = ""

    def tracks(self, state: State) -> list[str]:
        best = min(getattr(state, track).index(self.house) for track in TRACK_ORDER)
        return [track for track in TRACK_ORDER if getattr(state, track).index(self.house) == best]

    def run(self, game: ThronesGame) -> list[Decision] | None:
        state = game.state
        tracks = self.tracks(state)
        if len(tracks) == 1:
            self._drop(game, tracks[0])
            return None
        return [
            _track_choice(
                state.throne[0],
                f"{_card_name('preemptive-raid')}: House {self.house.title()} stands equally high on "
                f"{', '.join(TRACK_NAMES[t] for t in tracks)}. As holder of the Iron Throne, choose the "
                f"track where it falls {_PREEMPTIVE_RAID_DROP} places.",
                tracks,
                {"card": "preemptive-raid", "falls": self.house, "drop": _PREEMPTIVE_RAID_DROP},
            )
        ]

    def act(self, game: ThronesGame, house: str, action: Action) -> None:
        self._drop(game, _check_track(action, self.tracks(game.state)))

    def _drop(self, game: ThronesGame, track: str) -> None:
        state = game.state
        index = getattr(state, track).index(self.house) + _PREEMPTIVE_RAID_DROP
        before, after = _move_on_track(state, track, self.house, index)
        _say(
            game,
            "preemptive-raid",
            "track-fall",
            f"House {self.house.title()} falls from position {before} to {after} on the "
            f"{TRACK_NAMES[track]} track.",
            house=self.house,
            track=track,
            before=before,
            after=after,
            order=list(getattr(state, track)),
        )
        game.pop(self)


# --- Crow Killers ---------------------------------------------------------------------------------------


def _swap_schema(old: str, new: str, least: int, most: int, areas: list[str], **extra: Any) -> dict[str, Any]:
    return {"from": old, "to": new, "min": least, "max": most, "units": dict(Counter(areas)), **extra}


def _check_swap(state: State, house: str, action: Swap, old: str, new: str, least: int, most: int) -> None:
    if not least <= len(action.units) <= most:
        if least == most:
            raise IllegalAction(
                nsaid(
                    "Swap exactly {count} unit, not {given}.",
                    "Swap exactly {count} units, not {given}.",
                    least,
                    given=len(action.units),
                )
            )
        raise IllegalAction(
            "Swap {least} to {most} units, not {given}.", least=least, most=most, given=len(action.units)
        )
    for _, was, becomes in action.units:
        if (was, becomes) != (old, new):
            raise IllegalAction(
                "Here {old} becomes {new} ('AREA {old_id}->{new_id}'), not {was}->{becomes}.",
                old=Counted(old, 1),
                new=Counted(new, 1),
                old_id=old,
                new_id=new,
                was=was,
                becomes=becomes,
            )
    check_present(state, house, tuple((area, old) for area, _, _ in action.units))


def _turn_into(state: State, house: str, areas: Sequence[str], old: str, new: str) -> None:
    for area in areas:
        unit = next(u for u in state.units[area] if u.house == house and u.kind == old)
        unit.kind = new


@dataclass
class CrowKillersRewardFrame(ThronesFrame):
    """Crow Killers, the Night's Watch holds: the highest bidder may swap up to 2 of its footmen anywhere on
    the board for knights from its reserve (fewer, or none with ``swap none``), no more than its footmen
    on the board and the knights in its reserve allow. Not asked when it could swap none."""

    kind = "crow-killers-reward"
    house: str = ""

    def most(self, state: State) -> int:
        return min(
            2, len(_areas_of(state, self.house, "footman")), available_units(state, self.house)["knight"]
        )

    def run(self, game: ThronesGame) -> list[Decision] | None:
        state = game.state
        most = self.most(state)
        if most == 0:
            _say(
                game,
                "crow-killers",
                "no-footman",
                f"House {self.house.title()} has no footman it could upgrade to a knight.",
                house=self.house,
            )
            game.pop(self)
            return None
        return [
            Decision(
                house=self.house,
                kind="wildling-swap",
                prompt=f"{_card_name('crow-killers')}: you may upgrade up to {most} of your footmen to "
                "knights ('swap AREA footman->knight, ...' or 'swap none').",
                secret=False,
                default=Swap(()),
                schema=_swap_schema("footman", "knight", 0, most, _areas_of(state, self.house, "footman")),
                data={"card": "crow-killers", "count": most},
            )
        ]

    def act(self, game: ThronesGame, house: str, action: Action) -> None:
        expect(
            action,
            Swap,
            what=psaid("awaited", "the footmen to upgrade ('swap AREA footman->knight, ...' or 'swap none')"),
        )
        assert isinstance(action, Swap)
        state = game.state
        _check_swap(state, house, action, "footman", "knight", 0, self.most(state))
        areas = [area for area, _, _ in action.units]
        _turn_into(state, house, areas, "footman", "knight")
        who = f"House {house.title()}"
        if areas:
            text = (
                f"{who} turns {units_in((area, 'footman') for area in areas)} into {_into('knight', areas)}."
            )
        else:
            text = f"{who} upgrades no footman."
        _say(game, "crow-killers", "upgrade", text, house=house, areas=areas)
        game.pop(self)


@dataclass
class CrowKillersPenaltyFrame(ThronesFrame):
    """Crow Killers, the wildlings win; the houses concerned decide at the same time.

    The lowest bidder replaces every knight it has on the board with a footman from its reserve. When the
    reserve holds fewer footmen than it has knights, the knights that cannot be replaced are destroyed,
    and it chooses which (a Destroy decision naming exactly that many knights) when the choice matters.

    Everyone else replaces 2 of its knights, its choice, with footmen (all its knights when it has 2 or
    fewer). Its Swap names exactly that many knights: the first ones named become footmen while its
    reserve lasts, the rest are destroyed. It is asked only when the choice matters.
    """

    kind = "crow-killers-penalty"
    lowest: str | None = None
    others: list[str] = field(default_factory=list)

    def run(self, game: ThronesGame) -> list[Decision] | None:
        state = game.state
        waiting = []
        for house in _turn_order(state, [*self.others, *([self.lowest] if self.lowest else [])]):
            knights = _areas_of(state, house, "knight")
            footmen = available_units(state, house)["footman"]
            if house == self.lowest:
                lost = max(0, len(knights) - footmen)
                if _no_real_choice(knights, lost):
                    self._lowest_loses(game, house, knights[:lost])
                    return None
                waiting.append(self._lowest_decision(house, knights, footmen, lost))
                continue
            count = min(2, len(knights))
            if len(set(knights)) <= 1 or (count == len(knights) and not 0 < footmen < count):
                self._other_loses(game, house, knights[:count])
                return None
            waiting.append(self._other_decision(house, knights, footmen, count))
        if waiting:
            return waiting
        game.pop(self)
        return None

    def _lowest_decision(self, house: str, knights: list[str], footmen: int, lost: int) -> Decision:
        return Decision(
            house=house,
            kind="wildling-destroy",
            prompt=f"{_card_name('crow-killers')}: your knights become footmen, but your reserve holds only "
            f"{footmen} footmen for {len(knights)} knights. Choose the {lost} knight(s) to destroy.",
            secret=False,
            default=Destroy(tuple((area, "knight") for area in knights[:lost])),
            schema={"count": lost, "groups": [[[area, "knight"] for area in knights]]},
            data={"card": "crow-killers", "count": lost, "knights": len(knights), "footmen": footmen},
        )

    def _other_decision(self, house: str, knights: list[str], footmen: int, count: int) -> Decision:
        return Decision(
            house=house,
            kind="wildling-swap",
            prompt=f"{_card_name('crow-killers')}: name {count} of your knights to become footmen "
            f"('swap AREA knight->footman, ...'). Your reserve holds {footmen} footmen: the first "
            f"{min(footmen, count)} named become footmen, the others are destroyed.",
            secret=False,
            default=Swap(tuple((area, "knight", "footman") for area in knights[:count])),
            schema=_swap_schema("knight", "footman", count, count, knights, reserve=footmen),
            data={"card": "crow-killers", "count": count, "footmen": footmen},
        )

    def act(self, game: ThronesGame, house: str, action: Action) -> None:
        state = game.state
        knights = _areas_of(state, house, "knight")
        footmen = available_units(state, house)["footman"]
        if house == self.lowest:
            expect(
                action, Destroy, what=psaid("awaited", "the knights to destroy ('destroy AREA knight, ...')")
            )
            assert isinstance(action, Destroy)
            lost = max(0, len(knights) - footmen)
            if len(action.units) != lost:
                raise IllegalAction(
                    nsaid(
                        "Destroy exactly {count} knight, not {given}.",
                        "Destroy exactly {count} knights, not {given}.",
                        lost,
                        given=len(action.units),
                    )
                )
            if any(kind != "knight" for _, kind in action.units):
                raise IllegalAction("Only knights are lost here.")
            check_present(state, house, action.units)
            self._lowest_loses(game, house, [area for area, _ in action.units])
        else:
            expect(
                action,
                Swap,
                what=psaid("awaited", "the knights to replace ('swap AREA knight->footman, ...')"),
            )
            assert isinstance(action, Swap)
            count = min(2, len(knights))
            _check_swap(state, house, action, "knight", "footman", count, count)
            self._other_loses(game, house, [area for area, _, _ in action.units])

    def _lowest_loses(self, game: ThronesGame, house: str, destroyed: list[str]) -> None:
        self.lowest = None
        kept = Counter(_areas_of(game.state, house, "knight")) - Counter(destroyed)
        self._apply(game, house, sorted(kept.elements()), destroyed)

    def _other_loses(self, game: ThronesGame, house: str, named: list[str]) -> None:
        self.others.remove(house)
        footmen = available_units(game.state, house)["footman"]
        self._apply(game, house, named[:footmen], named[footmen:])

    def _apply(self, game: ThronesGame, house: str, swapped: list[str], destroyed: list[str]) -> None:
        state = game.state
        touched = destroy_units(state, house, tuple((area, "knight") for area in destroyed))
        _turn_into(state, house, swapped, "knight", "footman")
        who = f"House {house.title()}"
        turned = units_in((area, "knight") for area in swapped)
        lost = units_in((area, "knight") for area in destroyed)
        if swapped and destroyed:
            text = (
                f"{who} turns {turned} into {_into('footman', swapped)} and loses {lost} for want of footmen."
            )
        elif swapped:
            text = f"{who} turns {turned} into {_into('footman', swapped)}."
        elif destroyed:
            text = f"{who} loses {lost} for want of footmen."
        else:
            text = f"{who} has no knights."
        _say(
            game,
            "crow-killers",
            "downgrade",
            text,
            house=house,
            swapped=swapped,
            destroyed=destroyed,
        )
        _settle_ports(game, touched)


# --- Massing on the Milkwater ---------------------------------------------------------------------------


@dataclass
class MilkwaterDiscardFrame(ThronesFrame):
    """Massing on the Milkwater, the wildlings win, everyone else: each house holding 2 or more house cards
    discards one of its choice; they choose at the same time. Its hand is never emptied, so the refill of
    a played-out hand never comes into it. The default discards the weakest card."""

    kind = "milkwater-discard"
    houses: list[str] = field(default_factory=list)

    def run(self, game: ThronesGame) -> list[Decision] | None:
        state = game.state
        if not self.houses:
            game.pop(self)
            return None
        return [
            Decision(
                house=house,
                kind="wildling-discard",
                prompt=f"{_card_name('massing-on-the-milkwater')}: discard one house card from your hand.",
                secret=False,
                default=Discard(min(state.hands[house], key=_strength)),
                options=tuple(Discard(card) for card in state.hands[house]),
                data={"card": "massing-on-the-milkwater"},
            )
            for house in _turn_order(state, self.houses)
        ]

    def act(self, game: ThronesGame, house: str, action: Action) -> None:
        expect(action, Discard, what=psaid("awaited", "the card to discard ('discard CARD')"))
        assert isinstance(action, Discard)
        state = game.state
        if action.card not in state.hands[house]:
            raise IllegalAction("{card} is not in your hand.", card=Named("house_cards", action.card))
        state.hands[house].remove(action.card)
        state.discards[house].append(action.card)
        self.houses.remove(house)
        _say(
            game,
            "massing-on-the-milkwater",
            "discard",
            f"House {house.title()} discards {FACTS.house_cards[action.card].name}.",
            house=house,
            cards=[action.card],
        )


# --- A King Beyond the Wall -----------------------------------------------------------------------------


@dataclass
class KingBeyondTheWallRewardFrame(ThronesFrame):
    """A King Beyond the Wall, the Night's Watch holds: the highest bidder moves to position 1 of an
    influence track of its choice and takes its dominance token; the houses it passes slide down one.
    Only tracks where it is not first already are offered (choosing one of those would change nothing):
    one such track is taken at once, none means nothing happens."""

    kind = "king-beyond-the-wall-reward"
    house: str = ""

    def tracks(self, state: State) -> list[str]:
        return [track for track in TRACK_ORDER if getattr(state, track)[0] != self.house]

    def run(self, game: ThronesGame) -> list[Decision] | None:
        tracks = self.tracks(game.state)
        if len(tracks) > 1:
            return [
                _track_choice(
                    self.house,
                    f"{_card_name('a-king-beyond-the-wall')}: choose the influence track on which you take "
                    f"position 1 ('choose {'|'.join(tracks)}').",
                    tracks,
                    {"card": "a-king-beyond-the-wall", "place": "top"},
                )
            ]
        if tracks:
            self._top(game, tracks[0])
        else:
            _say(
                game,
                "a-king-beyond-the-wall",
                "first-everywhere",
                f"House {self.house.title()} is first on every track already.",
                house=self.house,
            )
            game.pop(self)
        return None

    def act(self, game: ThronesGame, house: str, action: Action) -> None:
        self._top(game, _check_track(action, self.tracks(game.state)))

    def _top(self, game: ThronesGame, track: str) -> None:
        state = game.state
        _move_on_track(state, track, self.house, 0)
        _say(
            game,
            "a-king-beyond-the-wall",
            "track-top",
            f"House {self.house.title()} takes position 1 on the {TRACK_NAMES[track]} track and "
            f"{DOMINANCE[track]}.",
            house=self.house,
            track=track,
            order=list(getattr(state, track)),
        )
        game.pop(self)


_KING_PENALTY_TRACKS = ("fiefdoms", "court")


@dataclass
class KingBeyondTheWallPenaltyFrame(ThronesFrame):
    """A King Beyond the Wall, the wildlings win, everyone else: one at a time in Iron Throne order (as it
    stands once the lowest bidder has fallen), each house chooses to move to the last position of the
    Fiefdoms or the King's Court track. Dominance tokens follow position 1 at once."""

    kind = "king-beyond-the-wall-penalty"
    houses: list[str] = field(default_factory=list)

    def run(self, game: ThronesGame) -> list[Decision] | None:
        if not self.houses:
            game.pop(self)
            return None
        return [
            _track_choice(
                self.houses[0],
                f"{_card_name('a-king-beyond-the-wall')}: move to the last position of the Fiefdoms track "
                "('choose fiefdoms') or of the King's Court track ('choose court').",
                _KING_PENALTY_TRACKS,
                {"card": "a-king-beyond-the-wall", "place": "bottom"},
            )
        ]

    def act(self, game: ThronesGame, house: str, action: Action) -> None:
        track = _check_track(action, _KING_PENALTY_TRACKS)
        state = game.state
        self.houses.pop(0)
        before, after = _move_on_track(state, track, house, len(state.throne))
        _say(
            game,
            "a-king-beyond-the-wall",
            "track-fall",
            f"House {house.title()} falls from position {before} to {after} on the "
            f"{TRACK_NAMES[track]} track.",
            house=house,
            track=track,
            before=before,
            after=after,
            order=list(getattr(state, track)),
        )


# --- Mammoth Riders -------------------------------------------------------------------------------------


@dataclass
class MammothRewardFrame(ThronesFrame):
    """Mammoth Riders, the Night's Watch holds: the highest bidder may take one card of its choice from its
    discard pile back into hand (``retrieve none`` declines). Nothing happens if the pile is empty."""

    kind = "mammoth-riders-reward"
    house: str = ""

    def run(self, game: ThronesGame) -> list[Decision] | None:
        pile = game.state.discards[self.house]
        if not pile:
            text = f"House {self.house.title()} has no discarded card."
            _say(game, "mammoth-riders", "no-discards", text, house=self.house)
            game.pop(self)
            return None
        return [
            Decision(
                house=self.house,
                kind="wildling-retrieve",
                prompt=f"{_card_name('mammoth-riders')}: you may take one card back from your discard pile "
                "('retrieve CARD' or 'retrieve none').",
                secret=False,
                default=Retrieve(None),
                options=(Retrieve(None), *(Retrieve(card) for card in pile)),
                data={"card": "mammoth-riders"},
            )
        ]

    def act(self, game: ThronesGame, house: str, action: Action) -> None:
        expect(
            action,
            Retrieve,
            what=psaid("awaited", "a card to take back ('retrieve CARD' or 'retrieve none')"),
        )
        assert isinstance(action, Retrieve)
        state = game.state
        if action.card is not None and action.card not in state.discards[house]:
            raise IllegalAction("{card} is not in your discard pile.", card=Named("house_cards", action.card))
        if action.card is None:
            text = "takes no card back"
        else:
            state.discards[house].remove(action.card)
            state.hands[house].append(action.card)
            text = f"takes {FACTS.house_cards[action.card].name} back into hand"
        _say(
            game,
            "mammoth-riders",
            "retrieve",
            f"House {house.title()} {text}.",
            house=house,
            retrieved=action.card,
        )
        game.pop(self)


# --- The Horde Descends ---------------------------------------------------------------------------------


@dataclass
class HordeMusterFrame(ThronesFrame):
    """The Horde Descends, the Night's Watch holds: the highest bidder may muster under the normal rules in
    one castle or stronghold area it controls (every item of its muster names that one area), or muster
    nothing. Not asked when none of its areas could muster anything."""

    kind = "horde-muster"
    house: str = ""

    def run(self, game: ThronesGame) -> list[Decision] | None:
        state = game.state
        areas = {
            area: points
            for area, points in muster_areas(state, self.house).items()
            if can_muster(state, self.house, {area: points})
        }
        if not areas:
            _say(
                game,
                "the-horde-descends",
                "no-muster",
                f"House {self.house.title()} cannot muster anywhere.",
                house=self.house,
            )
            game.pop(self)
            return None
        decision = muster_decision(
            state,
            self.house,
            areas,
            f"{_card_name('the-horde-descends')}: you may muster in ONE of your castle or stronghold areas "
            "('muster AREA UNIT, ...' naming one area, or 'muster none').",
            {"card": "the-horde-descends"},
        )
        return [decision._replace(kind="wildling-muster", schema={**decision.schema, "one_area": True})]

    def act(self, game: ThronesGame, house: str, action: Action) -> None:
        expect(
            action,
            Muster,
            what=psaid("awaited", "your muster in one area ('muster AREA UNIT, ...' or 'muster none')"),
        )
        assert isinstance(action, Muster)
        state = game.state
        areas = {item.area for item in action.items}
        if len(areas) > 1:
            raise IllegalAction(
                "Muster in one area only, not in {areas}.", areas=named("areas", sorted(areas))
            )
        allowed = muster_areas(state, house)
        validate_muster(
            state, house, action.items, {area: allowed[area] for area in areas if area in allowed}
        )
        apply_muster(state, house, action.items)
        _say(
            game,
            "the-horde-descends",
            "muster",
            f"House {house.title()} musters {describe_items(action.items)}.",
            house=house,
            items=[item.format() for item in action.items],
        )
        game.pop(self)


# --- the cards ------------------------------------------------------------------------------------------

Reward = Callable[["ThronesGame", "WildlingAttackFrame", str], None]
Penalty = Callable[["ThronesGame", "WildlingAttackFrame", str, list[str]], None]


def _silence_reward(game: ThronesGame, attack: WildlingAttackFrame, highest: str) -> None:
    """Silence at the Wall: nothing happens."""
    _say(game, "silence-at-the-wall", "nothing", "nothing happens.")


def _silence_penalty(game: ThronesGame, attack: WildlingAttackFrame, lowest: str, others: list[str]) -> None:
    """Silence at the Wall: nothing happens."""
    _say(game, "silence-at-the-wall", "nothing", "nothing happens.")


def _preemptive_raid_reward(game: ThronesGame, attack: WildlingAttackFrame, highest: str) -> None:
    """Preemptive Raid, the Night's Watch holds: the wildlings attack again at once with strength 6, and
    the highest bidder takes no part (new bids, new card). That attack runs before this one buries its
    card and resets the threat, so the threat ends at 0 whatever happens."""
    from engine.thrones.wildlings import WildlingAttackFrame

    participants = [house for house in attack.participants if house != highest]
    _say(
        game,
        "preemptive-raid",
        "strike-again",
        f"the wildlings strike again with strength {_PREEMPTIVE_RAID_STRENGTH}; House {highest.title()} "
        "sits that attack out.",
        house=highest,
        strength=_PREEMPTIVE_RAID_STRENGTH,
    )
    game.push(WildlingAttackFrame(strength=_PREEMPTIVE_RAID_STRENGTH, participants=participants))


def _preemptive_raid_penalty(
    game: ThronesGame, attack: WildlingAttackFrame, lowest: str, others: list[str]
) -> None:
    """Preemptive Raid, the wildlings win: the lowest bidder destroys 2 of its units (all if fewer) or
    falls 2 places on its best influence track (:class:`PreemptiveRaidFrame`); everyone else is spared."""
    game.push(PreemptiveRaidFrame(house=lowest))


def _crow_killers_reward(game: ThronesGame, attack: WildlingAttackFrame, highest: str) -> None:
    """Crow Killers, the Night's Watch holds: see :class:`CrowKillersRewardFrame`."""
    game.push(CrowKillersRewardFrame(house=highest))


def _crow_killers_penalty(
    game: ThronesGame, attack: WildlingAttackFrame, lowest: str, others: list[str]
) -> None:
    """Crow Killers, the wildlings win: see :class:`CrowKillersPenaltyFrame`."""
    game.push(CrowKillersPenaltyFrame(lowest=lowest, others=others))


def _change_supply(game: ThronesGame, house: str, delta: int) -> None:
    state = game.state
    before = state.supply[house]
    state.supply[house] = max(0, min(_SUPPLY_TOP, before + delta))
    _say(
        game,
        "rattleshirts-raiders",
        "supply",
        f"House {house.title()}'s supply goes from {before} to {state.supply[house]}.",
        house=house,
        before=before,
        after=state.supply[house],
    )


def _rattleshirt_reward(game: ThronesGame, attack: WildlingAttackFrame, highest: str) -> None:
    """Rattleshirt's Raiders, the Night's Watch holds: the highest bidder moves 1 up the supply track
    (6 at most). The level stays so until the next Supply card recounts the barrels."""
    _change_supply(game, highest, 1)


def _rattleshirt_penalty(
    game: ThronesGame, attack: WildlingAttackFrame, lowest: str, others: list[str]
) -> None:
    """Rattleshirt's Raiders, the wildlings win: the lowest bidder moves 2 down the supply track, everyone
    else 1 (0 at least); then every house over its new limit destroys units until its armies fit."""
    _change_supply(game, lowest, -2)
    for house in others:
        _change_supply(game, house, -1)
    game.push(ReconcileFrame())


def _milkwater_reward(game: ThronesGame, attack: WildlingAttackFrame, highest: str) -> None:
    """Massing on the Milkwater, the Night's Watch holds: the highest bidder takes its whole discard pile
    back into hand."""
    state = game.state
    pile = state.discards[highest]
    taken = list(pile)
    state.hands[highest].extend(taken)
    pile.clear()
    who = f"House {highest.title()}"
    text = f"{who} takes back {_card_names(taken)}." if taken else f"{who} has no card to take back."
    _say(game, "massing-on-the-milkwater", "take-back", text, house=highest, cards=taken)


def _milkwater_penalty(
    game: ThronesGame, attack: WildlingAttackFrame, lowest: str, others: list[str]
) -> None:
    """Massing on the Milkwater, the wildlings win.

    The lowest bidder, if it holds 2 or more cards, discards every card in hand with the highest printed
    strength there. If every card in its hand has that strength it discards none: discarding them all
    would leave it with an empty hand, which the rules never otherwise allow (a house takes its discards
    back the moment it plays its last card). Everyone else holding 2 or more cards discards one of its
    choice (:class:`MilkwaterDiscardFrame`). These discards never trigger the refill of a played-out hand.
    """
    state = game.state
    hand = state.hands[lowest]
    card = "massing-on-the-milkwater"
    who = f"House {lowest.title()}"
    if len(hand) < 2:
        _say(game, card, "keeps", f"{who} holds fewer than two cards and keeps them.", house=lowest, cards=[])
    else:
        top = max(_strength(c) for c in hand)
        strongest = [c for c in hand if _strength(c) == top]
        if len(strongest) == len(hand):
            _say(
                game,
                card,
                "all-strongest",
                f"every card in {who}'s hand has strength {top}: it discards none.",
                house=lowest,
                cards=[],
                strength=top,
            )
        else:
            for c in strongest:
                hand.remove(c)
            state.discards[lowest].extend(strongest)
            cards = "card" if len(strongest) == 1 else "cards"
            text = f"{who} discards its strongest {cards}: {_card_names(strongest)}."
            _say(game, card, "discard-strongest", text, house=lowest, cards=strongest)
    houses = [house for house in others if len(state.hands[house]) >= 2]
    for house in others:
        if house not in houses:
            _say(
                game,
                card,
                "keeps",
                f"House {house.title()} holds fewer than two cards and keeps them.",
                house=house,
                cards=[],
            )
    if houses:
        game.push(MilkwaterDiscardFrame(houses=houses))


def _king_reward(game: ThronesGame, attack: WildlingAttackFrame, highest: str) -> None:
    """A King Beyond the Wall, the Night's Watch holds: see :class:`KingBeyondTheWallRewardFrame`."""
    game.push(KingBeyondTheWallRewardFrame(house=highest))


def _king_penalty(game: ThronesGame, attack: WildlingAttackFrame, lowest: str, others: list[str]) -> None:
    """A King Beyond the Wall, the wildlings win: the lowest bidder moves to the last position of all three
    influence tracks at once (dominance tokens follow position 1); then everyone else, in Iron Throne
    order as it now stands, falls to last on Fiefdoms or King's Court
    (:class:`KingBeyondTheWallPenaltyFrame`)."""
    state = game.state
    for track in TRACK_ORDER:
        _move_on_track(state, track, lowest, len(state.throne))
    _say(
        game,
        "a-king-beyond-the-wall",
        "track-last",
        f"House {lowest.title()} falls to the last position of all three influence tracks.",
        house=lowest,
    )
    if others:
        game.push(KingBeyondTheWallPenaltyFrame(houses=_turn_order(state, others)))


def _mammoth_reward(game: ThronesGame, attack: WildlingAttackFrame, highest: str) -> None:
    """Mammoth Riders, the Night's Watch holds: see :class:`MammothRewardFrame`."""
    game.push(MammothRewardFrame(house=highest))


def _mammoth_penalty(game: ThronesGame, attack: WildlingAttackFrame, lowest: str, others: list[str]) -> None:
    """Mammoth Riders, the wildlings win: the lowest bidder destroys 3 of its units anywhere, everyone else
    2 (all it has if fewer; ships and units in ports count), all choosing at the same time."""
    demands = {lowest: 3, **dict.fromkeys(others, 2)}
    game.push(UnitLossFrame(card="mammoth-riders", demands=demands))


def _horde_reward(game: ThronesGame, attack: WildlingAttackFrame, highest: str) -> None:
    """The Horde Descends, the Night's Watch holds: see :class:`HordeMusterFrame`."""
    game.push(HordeMusterFrame(house=highest))


def _horde_penalty(game: ThronesGame, attack: WildlingAttackFrame, lowest: str, others: list[str]) -> None:
    """The Horde Descends, the wildlings win: the lowest bidder destroys 2 of its units in one castle or
    stronghold area it controls holding at least 2 of its units, or 2 anywhere if it has no such area (all
    it has if fewer); everyone else destroys 1 unit anywhere. All choose at the same time."""
    demands = {lowest: 2, **dict.fromkeys(others, 1)}
    game.push(UnitLossFrame(card="the-horde-descends", demands=demands, one_castle=[lowest]))


def _skinchanger_reward(game: ThronesGame, attack: WildlingAttackFrame, highest: str) -> None:
    """Skinchanger Scout, the Night's Watch holds: the highest bidder gets back the power it bid itself,
    no more than its 20 power tokens allow."""
    gained = gain_power(game.state, highest, attack.bids[highest])
    _say(
        game,
        "skinchanger-scout",
        "power-back",
        f"House {highest.title()} gets back {gained} power.",
        house=highest,
        gained=gained,
    )


def _lose_power(game: ThronesGame, house: str, amount: int) -> None:
    lost = lose_power(game.state, house, amount)
    text = f"House {house.title()} discards {lost} power."
    _say(game, "skinchanger-scout", "power-lost", text, house=house, lost=lost)


def _skinchanger_penalty(
    game: ThronesGame, attack: WildlingAttackFrame, lowest: str, others: list[str]
) -> None:
    """Skinchanger Scout, the wildlings win: the lowest bidder discards all its available power (what it
    kept after paying its bid), everyone else 2 (all it has if fewer)."""
    _lose_power(game, lowest, game.state.power[lowest])
    for house in others:
        _lose_power(game, house, 2)


CARD_EFFECTS: dict[str, tuple[Reward, Penalty]] = {
    "silence-at-the-wall": (_silence_reward, _silence_penalty),
    "preemptive-raid": (_preemptive_raid_reward, _preemptive_raid_penalty),
    "crow-killers": (_crow_killers_reward, _crow_killers_penalty),
    "rattleshirts-raiders": (_rattleshirt_reward, _rattleshirt_penalty),
    "massing-on-the-milkwater": (_milkwater_reward, _milkwater_penalty),
    "a-king-beyond-the-wall": (_king_reward, _king_penalty),
    "mammoth-riders": (_mammoth_reward, _mammoth_penalty),
    "the-horde-descends": (_horde_reward, _horde_penalty),
    "skinchanger-scout": (_skinchanger_reward, _skinchanger_penalty),
}


def start_card(game: ThronesGame, attack: WildlingAttackFrame) -> None:
    """Apply the card the attack drew: the reward of the highest bidder when the Night's Watch held, else
    the penalties of the lowest bidder and of the other participants. With nobody taking part
    (``chosen`` is None), nobody is affected."""
    lowest_or_highest = attack.chosen
    if attack.card is None or lowest_or_highest is None:
        return
    reward, penalty = CARD_EFFECTS[attack.card]
    if attack.watch_won:
        reward(game, attack, lowest_or_highest)
    else:
        others = _turn_order(game.state, [h for h in attack.participants if h != lowest_or_highest])
        penalty(game, attack, lowest_or_highest, others)
