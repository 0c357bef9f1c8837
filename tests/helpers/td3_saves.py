"""The Tournament Director 3's saves, built to the shape real ones have, with invented people.

A save is one JavaScript-style literal: `{V: "3.7.2", T: new Tournament({...}), L: {V: ..., L: new
LO.Layout({...})}}`. What TD3 writes, as a public project that imports them reads it: the players as
`GamePlayer`s with a `PlayerName` and a `PlayerInfo`, each buy-in a `GameBuyin` with its `GameBustOut`
(time, round, hitmen), rebuys as further buy-ins of a rebuy profile, `GameRound`s and `GameBreak`s, a
`GamePrize` per place with who it was awarded to, the history's lines, the fee profiles, and formulas that
are event triggers and screen layouts beside the points formula. What changed between versions is kept
apart here (`LAYOUTS`): 3.7 wraps its collections (GamePlayers, GameLevels, GamePrizes, GameHistory),
keys the players by `Map.from([[uuid, player], ...])`, keeps the points formula as `Text` and saves UTF-8;
3.4 keys them by `new Map({uuid: player})`, keeps the formula as `Formula` after its `Dependencies` and
saves Windows-1252; 3.0 has no wrappers at all.
"""

from __future__ import annotations

import datetime as dt
import json
import uuid as uuidlib
from dataclasses import dataclass, field
from typing import Any

# version -> how it lays the save out
LAYOUTS: dict[str, dict[str, Any]] = {
    "3.7.2": {"wrapped": True, "map": "from", "formula": "text", "encoding": "utf-8", "names": "Firstname"},
    "3.7.1": {"wrapped": True, "map": "from", "formula": "text", "encoding": "utf-8", "names": "Firstname"},
    "3.7.0": {"wrapped": True, "map": "from", "formula": "text", "encoding": "utf-8", "names": "Firstname"},
    "3.4.3": {"wrapped": True, "map": "object", "formula": "dependencies", "encoding": "cp1252",
              "names": "FirstName"},
    "3.0": {"wrapped": False, "map": "object", "formula": "dependencies", "encoding": "cp1252",
            "names": "FirstName"},
}
EVENT_FORMULAS = ("isRound and (ante = 25) and (secondsElapsed = 6) and (state = 2)",
                  "(not isRound) and (state = 2)", "isBreak and (breakNum >= 1)")
LAYOUT_FORMULA = "isRound and (roundNum % 2 = 0)"
LEVELS = [(25, 50, 0), (50, 100, 0), (75, 150, 0), "break", (100, 200, 100), (150, 300, 150), "chip up",
          (200, 400, 200), (300, 600, 300), (500, 1000, 500), (1000, 2000, 1000)]


@dataclass
class Person:
    nickname: str
    first: str = ""
    last: str = ""
    email: str = ""
    email2: str = ""
    phone: str = ""
    phone2: str = ""
    opt_id: str = ""
    uuid: str = ""

    def __post_init__(self) -> None:
        self.uuid = self.uuid or str(uuidlib.uuid5(uuidlib.NAMESPACE_URL, f"td3-person/{self.nickname}"))


@dataclass
class Bust:
    """`victim` went out at `minute`, by `by` (two for a split pot, none when they gave up); `again`:
    "rebuy" or "reentry" bought straight after."""

    victim: str
    by: tuple[str, ...]
    minute: float
    again: str | None = None


@dataclass
class Night:
    title: str
    day: str
    people: list[Person]
    busts: list[Bust]  # whoever is never out for good at the end won
    league: str = "Club"
    season: str = "2025"
    uuid: str = ""
    fee: float = 200  # what a buy-in puts into the pool (TD3's Fee)
    rake: float = 0  # the house's part, on top
    rebuy_fee: float = 200
    prizes: list[float] = field(default_factory=lambda: [50, 30, 20])
    prize_kind: str = "percent"  # or "amount"
    formula: str | None = None
    dependencies: list[str] = field(default_factory=list)
    add_ons: dict[str, int] = field(default_factory=dict)
    add_on_fee: float = 50
    points_adjustment: dict[str, float] = field(default_factory=dict)
    hits_adjustment: dict[str, int] = field(default_factory=dict)
    registered_only: list[Person] = field(default_factory=list)
    finished: bool = True
    deal: bool = False  # ended by a deal among those still in (TD3's Chops), their chips as `chips` says
    chips: dict[str, int] = field(default_factory=dict)
    levels: list[Any] = field(default_factory=lambda: list(LEVELS))
    bounty_chip: float = 0  # what a buy-in pays for a bounty chip (TD3's BountyChipCost)
    high_hand: float = 0  # a prize not for a place (TD3's GamePrize of another Type): a high hand's

    def __post_init__(self) -> None:
        self.uuid = self.uuid or str(uuidlib.uuid5(uuidlib.NAMESPACE_URL, f"td3-night/{self.title}/{self.day}"))


class N:
    """`new Ctor({...})`."""

    def __init__(self, ctor: str, fields: dict[str, Any] | None = None, *args: Any) -> None:
        self.ctor, self.fields, self.args = ctor, fields, args


class MapFrom:
    def __init__(self, pairs: list[tuple[str, Any]]) -> None:
        self.pairs = pairs


class ObjectMap:
    def __init__(self, pairs: list[tuple[str, Any]]) -> None:
        self.pairs = pairs


def js(value: Any) -> str:
    """The literal as TD3 writes it: keys unquoted, `new`, `Map.from`."""
    if isinstance(value, N):
        inner = [js(value.fields)] if value.fields is not None else [js(a) for a in value.args]
        return f"new {value.ctor}({', '.join(inner)})"
    if isinstance(value, MapFrom):
        return "Map.from([" + ", ".join(f"[{js(k)}, {js(v)}]" for k, v in value.pairs) + "])"
    if isinstance(value, ObjectMap):
        return "new Map({" + ", ".join(f"{js(k)}: {js(v)}" for k, v in value.pairs) + "})"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {js(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(js(v) for v in value) + "]"
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, int | float):
        return repr(value)
    return json.dumps(value, ensure_ascii=False)


def ms(day: str, minute: float) -> int:
    """TD3's time: milliseconds, the night starting at 19:30 on this computer's clock."""
    start = dt.datetime.fromisoformat(f"{day}T19:30:00")
    return int(start.timestamp() * 1000 + minute * 60_000)


def td3_save(night: Night, version: str = "3.7.2") -> bytes:
    """The night's save as TD3 `version` writes it, in that version's encoding."""
    layout = LAYOUTS[version]
    by_nick = {p.nickname: p for p in night.people}
    start = ms(night.day, 0)

    def wrap(ctor: str, key: str, value: Any, **more: Any) -> Any:
        return N(ctor, {key: value, **more}) if layout["wrapped"] else value

    buy_ins: dict[str, list[Any]] = {p.nickname: [] for p in night.people}
    history: list[tuple[int, str]] = []
    for i, p in enumerate(night.people):
        at = start - 600_000 + i * 1000
        buy_ins[p.nickname].append({"at": at, "profile": "Standard", "fee": night.fee, "bust": None})
        history.append((at, f"{p.nickname} bought-in (Fee: {night.fee:.2f}, Rake: {night.rake:.2f}, "
                            f"Chips: 10,000, Points: 0.00, Profile: Standard)"))
    history.append((start, "Tournament started"))
    for bust in night.busts:
        at = ms(night.day, bust.minute)
        buy_ins[bust.victim][-1]["bust"] = (at // 1000 * 1000, [by_nick[b].uuid for b in bust.by])
        by = ", ".join(f"{b} (Table 1, Seat {k + 2})" for k, b in enumerate(bust.by))
        history.append((at, f"{bust.victim} busted out of the tournament (Table 1, Seat 1)" + (f" by {by}" if by
                                                                                                else "")))
        if bust.again:
            profile, fee = ("Double", night.rebuy_fee) if bust.again == "rebuy" else ("Late", night.fee)
            buy_ins[bust.victim].append({"at": at + 3000, "profile": profile, "fee": fee, "bust": None})
            verb = "rebought into tournament" if bust.again == "rebuy" else "bought-in"
            history.append((at + 3000, f"{bust.victim} {verb} (Fee: {fee:.2f}, Rake: 0.00, Chips: 10,000, "
                                       f"Points: 0.00, Profile: {profile})"))
    left = [p for p in night.people if buy_ins[p.nickname][-1]["bust"] is None]
    end = ms(night.day, max((b.minute for b in night.busts), default=0))
    ended = night.finished and (len(left) == 1 or night.deal)
    if night.finished and len(left) == 1:
        history.append((end, f"{left[0].nickname} won the tournament"))
    if ended:
        history.append((end, "Tournament ended"))
    left.sort(key=lambda p: -night.chips.get(p.nickname, 0))
    ranked = left + [by_nick[b.victim] for b in reversed(night.busts) if not b.again]
    pool = sum(b["fee"] for bs in buy_ins.values() for b in bs) + night.add_on_fee * sum(night.add_ons.values())

    def player(p: Person, own: list[dict[str, Any]]) -> N:
        names = layout["names"]
        return N("GamePlayer", {
            "UUID": p.uuid,
            "Name": N("PlayerName", {"UUID": p.uuid, "Nickname": p.nickname, names: p.first,
                                     names.replace("First", "Last"): p.last,
                                     "LastModified": 1408034587023}),
            "Info": N("PlayerInfo", {"UUID": p.uuid, "StreetAddress": "", "City": "", "Phone1": p.phone,
                                     "Phone2": p.phone2, "Email1": p.email, "Email2": p.email2, "Notes": "",
                                     "OptID": p.opt_id, "ImageRot": 0}),
            "Buyins": [N("GameBuyin", {
                "Time": b["at"], "Round": 1, "Amount": b["fee"], "PersonalBounty": 0,
                "Rake": N("PerPlayerRake", None, [night.rake]), "Chips": 10000, "Points": 0,
                **({"BustOut": N("GameBustOut", {"Time": b["bust"][0], "Round": 3, "HitmanUUID": b["bust"][1],
                                                 "Seat": N("GameSeat", {"TableName": "Table 1", "SeatIndex": 0})})}
                   if b["bust"] else {}),
                "ProfileName": b["profile"]}) for b in own],
            "AddOns": [N("GameAddOn", {"Time": start + 3_600_000, "Round": 4, "Amount": night.add_on_fee,
                                       "Rake": N("PerPlayerRake", None, [0]), "Chips": 3000,
                                       "ProfileName": "Master"})
                       for _ in range(night.add_ons.get(p.nickname, 0))],
            "CashAdjustment": 0, "PointsAdjustment": night.points_adjustment.get(p.nickname, 0),
            "ChipCount": night.chips.get(p.nickname, 10000), "NumberOfTableMoves": 0, "PaidInFull": True,
            "HitsAdjustment": night.hits_adjustment.get(p.nickname, 0)})

    pairs = [(p.uuid, player(p, buy_ins[p.nickname])) for p in night.people]
    pairs += [(p.uuid, player(p, [])) for p in night.registered_only]
    players = MapFrom(pairs) if layout["map"] == "from" else ObjectMap(pairs)
    levels = [N("GameBreak", {"Minutes": 10, "ChipUp": level == "chip up", "Notes": ""}) if isinstance(level, str)
              else N("GameRound", {"Minutes": 20, "SmallBlind": level[0], "BigBlind": level[1], "Ante": level[2],
                                   "GameType": 2, "GameName": "Texas Hold 'Em", "Limits": [0] * 8, "Notes": ""})
              for level in night.levels]
    prizes = []
    for place, value in enumerate(night.prizes, start=1):
        amount = value if night.prize_kind == "amount" else value * pool / 100
        winner = ranked[place - 1].uuid if night.finished and place <= len(ranked) else None
        prizes.append(N("GamePrize", {"Description": f"Place {place}", "Type": 0, "Recipient": place,
                                      "AmountType": 1 if night.prize_kind == "amount" else 0, "Amount": value,
                                      "AwardedToPlayers": [winner] if winner else [], "CalculatedAmount": amount}))
    if night.high_hand:
        prizes.append(N("GamePrize", {"Description": "High hand", "Type": 1, "Recipient": 0, "AmountType": 1,
                                      "Amount": night.high_hand, "AwardedToPlayers": [],
                                      "CalculatedAmount": night.high_hand}))
    profile = {"Enabled": True, "AllowChange": False, "Points": 0, "BountyChipCost": 0}
    if layout["formula"] == "text":
        text = "\n".join([*night.dependencies, night.formula or ""])
        points = N("UserFormula", {"Text": text, "Strict": False})
    else:
        points = N("UserFormula", {"Formula": night.formula or "", "Dependencies": night.dependencies})
    events = N("GameEvents", {"Sounds": [], "Events": [
        N("GameEvent", {"Description": f"Event {i}", "Trigger": 0,
                        "Conditions": N("UserFormula", {"Text": text, "Strict": False}), "Actions": []})
        for i, text in enumerate(EVENT_FORMULAS)]})
    tournament = N("Tournament", {
        "UUID": night.uuid, "LeagueUUID": str(uuidlib.uuid5(uuidlib.NAMESPACE_URL, night.league)),
        "LeagueName": night.league, "SeasonName": night.season, "Title": night.title,
        "Description": "\"Shuffle up\"", "Notes": "",
        "Financials": N("FinancialConfig", {
            "Buyins": N("BuyConfig", {"Allow": True, "Profiles": [
                N("FeeProfile", {"Name": "Standard", "Fee": night.fee, "Rake": N("PerPlayerRake", None, [night.rake]),
                                 "Chips": 10000, **profile, "BountyChipCost": night.bounty_chip}),
                N("FeeProfile", {"Name": "Late", "Fee": night.fee, "Rake": N("PerPlayerRake", None, [night.rake]),
                                 "Chips": 10000, **profile})], "DefIndex": 0, "LastRound": 0}),
            "AddOns": N("BuyConfig", {"Allow": bool(night.add_ons), "Profiles": [
                N("FeeProfile", {"Name": "Master", "Fee": night.add_on_fee, "Rake": N("PerPlayerRake", None, [0]),
                                 "Chips": 3000, **profile})], "DefIndex": 0, "LastRound": 6}),
            "Rebuys": N("BuyConfig", {"Allow": True, "Profiles": [
                N("FeeProfile", {"Name": "Double", "Fee": night.rebuy_fee, "Rake": N("PerPlayerRake", None, [0]),
                                 "Chips": 10000, **profile})], "DefIndex": 0, "LastRound": 6}),
            "HouseContribution": 0, "GuaranteedPot": 0, "PointsForHit": 0,
            **({"PointsForPlaying": points} if night.formula else {}),
            "UseBounties": False}),
        "Players": wrap("GamePlayers", "Players", players, Chops=N("GameChops", {"Chops": [
                            N("GameChop", {"Players": [p.uuid for p in left]})] if night.deal else []}),
                        Config=N("GamePlayersConfig", {"TrackPlayers": True, "FullCreditHit": True})),
        "Levels": wrap("GameLevels", "Levels", levels),
        "Prizes": wrap("GamePrizes", "Prizes", prizes, RoundPrizes=2, RoundToNearest=100),
        "Chips": wrap("GameChips", "Chips", [
            N("GameChip", {"ChipID": str(i), "Label": color, "Color": color, "Value": value, "Use": True})
            for i, (value, color) in enumerate([(25, "blue"), (100, "#00ff00"), (500, "silver"), (1000, "black")])]),
        "Tables": wrap("GameTables", "Tables", [N("GameTable", {"Name": "Table 1", "NumberOfSeats": 9,
                                                                "Seats": [None] * 9})]),
        "History": wrap("GameHistory", "History", [N("GameHistoryItem", {"Time": at, "Text": line, "Source": 0})
                                                   for at, line in sorted(history, key=lambda h: h[0])]),
        "StartTime": start, **({"EndTime": end} if ended else {}),
        "ClockRunning": False, "Events": events,
    })
    layout_part = {"V": version, "L": N("LO.Layout", {"ScreenBox": N("LO.ScreenBox", {"Contents": MapFrom([
        ("Main Screen", N("LO.Cell", {"Name": "Clock", "Criteria": N("LO.StateCrit", {
            "Formula": N("UserFormula", {"Text": LAYOUT_FORMULA, "Strict": False}), "UseCriteria": True})}))])})})}
    text = "{ " + f"V: {js(version)}, T: {js(tournament)}, L: {js(layout_part)}" + " }"
    return text.encode(layout["encoding"])
