"""A club's TD3 history written into the club file: the `import_td3` command of `ClubService`.

The saves come read (`td3.read_td3`, plain data), in any order; the command writes all of them in the
service's one transaction and answers file by file. Everything is found again rather than added twice:

* a person by TD3's UUID, else by name when exactly one member has it (and no other UUID); what the club
  did not know of them (an e-mail, a phone, TD3's ID) is filled in, nothing it knew is overwritten;
* a night by its TD3 UUID: a save recorded again replaces the first record;
* a blind structure, a prize table, a fee profile by what it holds: one template, payout profile, buy-in
  each, however many saves use it;
* a league by TD3's league and season names with the same formula: a later save adds its night.
"""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Iterable
from pathlib import Path
from typing import Any, Protocol

from ..core.arithmetic.names import search_key
from ..core.config import parse_config
from ..core.protocol.errors import TourneyError
from ..core.rules.entries import NAME_MAX
from . import league
from .members import TD3_FIELDS, Member, clean_fields
from .td3 import LEFT_OUT, TdtError, left_out, read_td3


class ClubService(Protocol):
    """What of the club's service the import writes members through (service.py, which registers it)."""

    def _now(self) -> float: ...

    def _member(self, conn: sqlite3.Connection, value: Any, field: str = "member") -> Member: ...

    def _members_by_name(self, conn: sqlite3.Connection) -> dict[str, list[Member]]: ...

    def _insert_member(self, conn: sqlite3.Connection, fields: dict[str, Any], *, confirmed: bool = True) -> str: ...

def saves_in(given: Iterable[Path]) -> list[Path]:
    """The files given, a folder standing for every `.tdt` in it (a season's folder), each file once."""
    paths: list[Path] = []
    for path in given:
        found = sorted(p for p in path.iterdir() if p.suffix.lower() == ".tdt" and p.is_file()) \
            if path.is_dir() else [path]
        paths.extend(p for p in found if p not in paths)
    return paths


def read_saves(paths: Iterable[Path]) -> tuple[list[dict[str, Any]], list[tuple[Path, TourneyError]]]:
    """Each save read as `import_td3` takes it (named by its file), and the files that cannot be read, each
    with why: a damaged save is named, and the others still come."""
    saves: list[dict[str, Any]] = []
    unreadable: list[tuple[Path, TourneyError]] = []
    for path in paths:
        try:
            saves.append({**read_td3(path.read_bytes()).to_dict(), "file": path.name})
        except TdtError as exc:
            unreadable.append((path, exc))
        except OSError as exc:
            why = exc.strerror or str(exc)
            unreadable.append((path, TourneyError("TD3_FILE_UNREADABLE", f"The file cannot be read: {why}",
                                                  file=path.name, why=why)))
    return saves, unreadable


_DATE = re.compile(r"[\s_-]*\d{4}-?\d{2}-?\d{2}\b.*$")
TD3_ADJUSTMENT = "TD3"  # the reason of an adjustment a save brought: replaced when the save is recorded again


def import_td3(service: ClubService, conn: sqlite3.Connection, cmd: dict[str, Any]) -> dict[str, Any]:
    saves = cmd.get("saves")
    if not isinstance(saves, list) or not saves or not all(isinstance(s, dict) for s in saves):
        raise TourneyError("FIELD_INVALID", "saves lists the TD3 saves to import", field="saves")
    currency = cmd.get("currency", "EUR")
    if not isinstance(currency, str) or not re.fullmatch(r"[A-Z]{3}", currency):
        raise TourneyError("FIELD_INVALID", "currency is a code of three capital letters, like EUR", field="currency")
    names = _names(cmd.get("names"))
    reports = []
    people = _People(service, conn)
    # The saves in the order they were played: a league's nights, a member's details, come in time order.
    for save in sorted(saves, key=lambda s: (s.get("date") or "", s.get("file") or "")):
        reports.append(_import_save(service, conn, people, save, currency, names, leagues=bool(cmd.get("leagues"))))
    return {"files": reports}


# The names the import gives what TD3 leaves unnamed, in the user's language (`names` of the command: the
# console passes its own words; the shell, these).
NAMES = {"payout_profile": "{title} {count} paid", "league": "TD3 points"}


def _names(given: Any) -> dict[str, str]:
    """The command's `names`: a payout profile's, made from the nights' title and the places it pays
    ("{title}", "{count}"), and a league's when TD3 names neither league nor season."""
    if given is None:
        return dict(NAMES)
    if not isinstance(given, dict) or set(given) - set(NAMES) or \
            not all(isinstance(v, str) and v.strip() for v in given.values()):
        raise TourneyError("FIELD_INVALID", f"names gives {' and '.join(NAMES)} as texts", field="names")
    names = {**NAMES, **given}
    try:
        names["payout_profile"].format(title="", count=0)
    except (KeyError, IndexError, ValueError):
        raise TourneyError("FIELD_INVALID", "names' payout_profile is a text with {title} and {count} at most",
                           field="names") from None
    return names


class _People:
    """The club's live members by TD3 UUID and by name, read once for the whole import and kept up to date."""

    def __init__(self, service: ClubService, conn: sqlite3.Connection) -> None:
        self.service, self.conn = service, conn
        self.by_uuid: dict[str, Member] = {}
        self.by_name: dict[str, list[Member]] = {}
        for members in service._members_by_name(conn).values():
            for member in members:
                self._index(member)
        # An erased member keeps TD3's UUID (not a word of theirs): an old save imported again finds them,
        # and their nights stay "Erased member" instead of bringing the person back.
        for row in conn.execute("SELECT * FROM members WHERE erased = 1 AND merged_into IS NULL "
                                "AND td3_uuid IS NOT NULL"):
            self.by_uuid.setdefault(row["td3_uuid"], Member.from_row(row))

    def _index(self, member: Member) -> None:
        if member.td3_uuid:
            self.by_uuid.setdefault(member.td3_uuid, member)
        self.by_name.setdefault(search_key(member.name), []).append(member)

    def link(self, row: dict[str, Any]) -> tuple[Member, str]:
        """The member a TD3 player is, and whether they were "added", "updated" (filled in) or the "same"."""
        fields = clean_fields(row)
        uuid = fields.get("td3_uuid")
        member = self.by_uuid.get(uuid) if uuid else None
        if member is None:
            named = [m for m in self.by_name.get(search_key(str(fields["name"])), []) if m.td3_uuid in (None, uuid)]
            member = named[0] if len(named) == 1 else None
        change = "same"
        if member is None:
            member_id = self.service._insert_member(self.conn, {k: v for k, v in fields.items()
                                                                 if k not in TD3_FIELDS})
            member, change = self.service._member(self.conn, member_id), "added"
        fill = {} if member.erased else {k: v for k, v in fields.items() if v is not None
                                          and k not in ("name", "member_id") and getattr(member, k) is None}
        if fill:
            self.conn.execute(f"UPDATE members SET {', '.join(f'{k} = ?' for k in fill)} WHERE id = ?",
                              (*fill.values(), member.id))
            change = "added" if change == "added" else "updated"
        if change != "same":
            old = member
            member = self.service._member(self.conn, member.member_id)
            for same_name in self.by_name.values():
                if old in same_name:
                    same_name.remove(old)
            if old.td3_uuid and self.by_uuid.get(old.td3_uuid) == old:
                del self.by_uuid[old.td3_uuid]
            self._index(member)
        return member, change


def _import_save(service: ClubService, conn: sqlite3.Connection, index: _People, save: dict[str, Any],
                 currency: str, names: dict[str, str], *, leagues: bool) -> dict[str, Any]:
    report: dict[str, Any] = {"file": save.get("file"), "title": save.get("title"), "version": save.get("version"),
                              "members_added": 0, "members_updated": 0, "night": None,
                              "unfinished": save.get("unfinished"), "template": None, "payout_profile": None,
                              "buy_ins": [], "league": None,
                              "problems": [_as_left_out(p) for p in save.get("problems") or []]}
    people: dict[str, Member] = {}
    for row in save.get("members") or []:
        try:
            # Someone new to the club joined it, as far as it knows, on the first night it has of them.
            member, change = index.link({"joined": save["date"], **row} if save.get("date") else row)
        except TourneyError as exc:
            report["problems"].append(left_out("player", f"The player {row.get('name')!r} is not brought over: "
                                               f"{exc.message}", exc, name=str(row.get("name"))))
            continue
        people[str(row.get("td3_uuid"))] = member
        report["members_added" if change == "added" else "members_updated"] += change != "same"
    stem = _DATE.sub("", save.get("title") or "").strip() or "TD3"
    report["buy_ins"] = [_buy_in(conn, profile, service._now()) for profile in save.get("fee_profiles") or []]
    if save.get("payouts"):
        report["payout_profile"] = _payout_profile(conn, names["payout_profile"].format(
            title=stem, count=len(save["payouts"])).strip(), save["payouts"], service._now())
    template = None
    if save.get("structure"):
        try:
            template = _template(conn, stem, save, currency, service._now())
        except TourneyError as exc:
            report["problems"].append(left_out("template", "The blind structure is not kept as a template: "
                                               f"{exc.message}", exc))
    report["template"] = template
    night = save.get("night")
    if night is not None:
        report["night"] = _record(conn, night, people, currency, template, report)
        if leagues and save.get("formula"):
            report["league"] = _league(conn, save, night["tournament_id"], service._now(), names["league"])
    return report


def _as_left_out(problem: Any) -> dict[str, Any]:
    """A problem the save was read with; one in words only (read by an older version) keeps its words."""
    if isinstance(problem, dict) and isinstance(problem.get("text"), str):
        return {"code": str(problem.get("code") or LEFT_OUT), "text": problem["text"],
                "params": dict(problem.get("params") or {})}
    return left_out("other", str(problem))


def _record(conn: sqlite3.Connection, night: dict[str, Any], people: dict[str, Member], currency: str,
            template: str | None, report: dict[str, Any]) -> str:
    tid = night["tournament_id"]
    old = conn.execute("SELECT id FROM tournaments WHERE tournament_id = ?", (tid,)).fetchone()
    columns = ("name", "date", "template", "currency", "buy_in", "entries", "players", "prize_pool", "finished",
               "recorded_at", "source_seq", "source", "td3_league", "td3_season", "fee", "rebuys", "add_ons",
               "buy_ins_amount", "rebuys_amount", "add_ons_amount", "paid_places")
    values = (night["name"], night["date"], template, currency, night["buy_in"], night["entries"], night["players"],
              night["prize_pool"], 1, 0.0, 0, "td3", night.get("league"), night.get("season"), night["fee"],
              night["rebuys"], night["add_ons"], night["buy_ins_amount"], night["rebuys_amount"],
              night["add_ons_amount"], night["paid_places"])
    if old is not None:
        tournament = old["id"]
        conn.execute("DELETE FROM results WHERE tournament = ?", (tournament,))
        conn.execute("DELETE FROM adjustments WHERE tournament_id = ? AND league IS NULL AND reason = ?",
                     (tid, TD3_ADJUSTMENT))
        conn.execute(f"UPDATE tournaments SET {', '.join(f'{c} = ?' for c in columns)} WHERE id = ?",
                     (*values, tournament))
    else:
        tournament = conn.execute(f"INSERT INTO tournaments (tournament_id, {', '.join(columns)}) "
                                  f"VALUES (?{', ?' * len(columns)})", (tid, *values)).lastrowid
    for result in night["results"]:
        member = people.get(result["td3_uuid"])
        if member is None:
            report["problems"].append(left_out("no_member", f"The result in place {result['place']} is not brought "
                                               "over: its player has no name", place=result["place"]))
            continue
        conn.execute(
            "INSERT INTO results (tournament, player, member, name, place, prize, bounty_won, knockouts, reentries, "
            "rebuys, add_ons, buy_in_cost, rebuy_cost, add_on_cost, final_table, hits_adjustment) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (tournament, result["td3_uuid"], member.id, member.name, result["place"], result["prize"],
             result["bounty_won"], result["knockouts"], result["reentries"], result["rebuys"], result["add_ons"],
             result["buy_in_cost"], result["rebuy_cost"], result["add_on_cost"], result["final_table"],
             result["hits_adjustment"]))
        if result["points_adjustment"]:
            conn.execute("INSERT INTO adjustments (league, tournament_id, member, points, reason, created_at) "
                         "VALUES (NULL, ?, ?, ?, ?, 0)", (tid, member.id, result["points_adjustment"], TD3_ADJUSTMENT))
    return "recorded again" if old is not None else "recorded"


def _template(conn: sqlite3.Connection, stem: str, save: dict[str, Any], currency: str, now: float) -> str:
    """The save's blind structure as a template (the one the club has, if it holds the same structure)."""
    structure = save["structure"]
    levels = [{"break_minutes": lv["break_minutes"], **({"color_up": lv["color_up"]} if lv.get("color_up") else {})}
              if "break_minutes" in lv else
              {"small_blind": lv["small_blind"], "big_blind": lv["big_blind"], "ante": lv.get("ante", 0),
               "ante_kind": "classic" if lv.get("ante") else "none", "minutes": lv["minutes"]}
              for lv in structure["levels"]]
    same = _same_structure(levels, structure["chips"], structure["starting_stack"])
    for row in conn.execute("SELECT name, config FROM templates ORDER BY name"):
        if same(json.loads(row["config"])):
            return str(row["name"])
    profiles = save.get("fee_profiles") or []
    night = save.get("night") or {}
    main = next((p for p in profiles if p["kind"] == "buy_in" and p["prize"] + p["bounty"] + p["fee"] ==
                 night.get("buy_in")), next((p for p in profiles if p["kind"] == "buy_in"), None))
    plays = sum(1 for lv in levels if "small_blind" in lv)
    config: dict[str, Any] = {
        "name": stem, "currency": currency, "starting_stack": structure["starting_stack"] or (main or {}).get("chips"),
        "buy_in": {k: (main or {}).get(k, 0) for k in ("prize", "bounty", "fee")}, "levels": levels,
        "chips": structure["chips"], "registration": {"until_level": min(6, plays)},
    }
    if main and main["bounty"]:
        config["bounty"] = {"kind": "fixed"}
    if save.get("payouts"):
        config["payouts"] = {"places": save["payouts"]}
    name = _free_name(conn, "templates", stem)
    config["name"] = name
    checked = parse_config(config)  # a structure that could not make a tournament is said, not saved
    conn.execute("INSERT INTO templates (name, config, saved_at) VALUES (?, ?, ?)",
                 (name, json.dumps(checked.to_dict(), sort_keys=True), now))
    return name


def _same_structure(levels: list[dict[str, Any]], chips: list[dict[str, Any]], stack: int) -> Any:
    def plays(config_levels: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
        return [(lv.get("small_blind"), lv.get("big_blind"), lv.get("ante", 0) or 0, lv.get("minutes"),
                 lv.get("break_minutes")) for lv in config_levels]

    wanted = (plays(levels), sorted(c["value"] for c in chips), stack)

    def same(config: dict[str, Any]) -> bool:
        return (plays(config.get("levels", [])), sorted(c["value"] for c in config.get("chips", [])),
                config.get("starting_stack")) == wanted
    return same


def _payout_profile(conn: sqlite3.Connection, wanted: str, places: list[int], now: float) -> str:
    text = json.dumps(places)
    found = conn.execute("SELECT name FROM payout_profiles WHERE places = ?", (text,)).fetchone()
    if found is not None:
        return str(found["name"])
    name = _free_name(conn, "payout_profiles", wanted)
    conn.execute("INSERT INTO payout_profiles (name, places, saved_at) VALUES (?, ?, ?)", (name, text, now))
    return name


def _buy_in(conn: sqlite3.Connection, profile: dict[str, Any], now: float) -> str:
    values = (profile["kind"], profile["prize"], profile["bounty"], profile["fee"], profile["chips"])
    found = conn.execute("SELECT name FROM buy_ins WHERE kind = ? AND prize = ? AND bounty = ? AND fee = ? AND "
                         "chips = ? AND (name = ? OR name LIKE ?)",
                         (*values, profile["name"], f"{profile['name']} (%)")).fetchone()
    if found is not None:
        return str(found["name"])
    name = _free_name(conn, "buy_ins", profile["name"])
    conn.execute("INSERT INTO buy_ins (name, kind, prize, bounty, fee, chips, saved_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                 (name, *values, now))
    return name


def _free_name(conn: sqlite3.Connection, table: str, wanted: str) -> str:
    """`wanted`, or `wanted (2)`, `(3)`... when the club already has something else of that name."""
    name, number = wanted[:NAME_MAX], 1
    while conn.execute(f"SELECT 1 FROM {table} WHERE name = ?", (name,)).fetchone() is not None:
        number += 1
        name = f"{wanted[:NAME_MAX - 5]} ({number})"
    return name


def _league(conn: sqlite3.Connection, save: dict[str, Any], tournament_id: str, now: float, unnamed: str) -> str:
    """The league of TD3's league and season with this points formula: made by the first save, joined by
    the next ones."""
    wanted = " ".join(part for part in (save.get("league"), save.get("season")) if part) or unnamed
    row = conn.execute("SELECT id, name FROM leagues WHERE (name = ? OR name LIKE ?) AND formula = ? AND "
                       "language = 'td3' ORDER BY id LIMIT 1",
                       (wanted, f"{wanted} (%)", save["formula"])).fetchone()
    if row is None:
        name = _free_name(conn, "leagues", wanted)
        league_id = conn.execute(
            "INSERT INTO leagues (name, formula, best, template, date_from, date_to, tie_break, created_at, language) "
            "VALUES (?, ?, NULL, NULL, NULL, NULL, ?, ?, 'td3')",
            (name, save["formula"], json.dumps(list(league.DEFAULT_TIE_BREAK)), now)).lastrowid
    else:
        name, league_id = row["name"], row["id"]
    conn.execute("INSERT OR IGNORE INTO league_tournaments (league, tournament_id) VALUES (?, ?)",
                 (league_id, tournament_id))
    return str(name)
