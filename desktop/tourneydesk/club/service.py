"""The club's one door: commands in, typed errors out; nothing else writes the club file.

`ClubService.execute(cmd)` checks a command against the club as it is, writes what it changes and a
line in the journal in ONE transaction, and answers; a refused command raises `TourneyError` (with a
stable code, its parameters and a message a TD understands) and writes nothing. The windows, the
cashier's find box and `tourneydesk club` all go through here, so they refuse the same things in the
same words.
"""

from __future__ import annotations

import json
import os
import sqlite3
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from ..core.arithmetic.names import search_key
from ..core.config import parse_config
from ..core.protocol.errors import TourneyError
from . import csv_import, formula, league, td3_import
from .members import (
    CLUB_ID_PREFIX,
    ERASED_NAME,
    TD3_FIELDS,
    Member,
    clean_date,
    clean_fields,
    clean_member_id,
    member_key,
)
from .search import MemberIndex
from .store import ClubFile

Now = Callable[[], float]
COMMON = frozenset({"type", "station", "dry_run"})
NAME_MAX = 64


def _new_handle() -> str:
    return os.urandom(6).hex()


DEFAULT_NAME = "club.tdclub"


def default_club_path() -> Path:
    """Where the club file is when nobody said: the user data folder."""
    from platformdirs import user_data_path

    return user_data_path("TourneyDesk", appauthor=False) / DEFAULT_NAME


@contextmanager
def club_file_failures(done: str) -> Iterator[None]:
    """A failure of the club file itself (locked by another program, damaged, on a stick pulled out) as the
    club's refusal, CLUB_FILE_FAILED, so that a window shows it like any other and never meets SQLite."""
    try:
        yield
    except sqlite3.Error as exc:
        raise TourneyError("CLUB_FILE_FAILED", f"The club file could not be {done}: {exc}", rule=done,
                           why=str(exc)) from exc


class ClubService:
    def __init__(self, file: ClubFile, now: Now = time.time, handle: Callable[[], str] = _new_handle) -> None:
        self.file = file
        self._now = now
        self._handle = handle
        self._index: MemberIndex | None = None
        self._index_version = -1

    @classmethod
    def create(cls, path: str | Path, **kw: Any) -> ClubService:
        with club_file_failures("created"):
            return cls(ClubFile.create(path), **kw)

    @classmethod
    def open(cls, path: str | Path, *, accept_missing: bool = False, **kw: Any) -> ClubService:
        """`accept_missing`: a club file that holds fewer changes than were made in it opens as it is."""
        with club_file_failures("opened"):
            return cls(ClubFile.open(path, accept_missing=accept_missing), **kw)

    @classmethod
    def open_or_create(cls, path: str | Path, *, accept_missing: bool = False, **kw: Any) -> ClubService:
        return cls.open(path, accept_missing=accept_missing, **kw) if Path(path).exists() else cls.create(path, **kw)

    @classmethod
    @contextmanager
    def for_dry_run(cls, path: str | Path, **kw: Any) -> Iterator[ClubService]:
        """The club file a dry run is tried on; when there is none yet, an empty one of the dry run's own, so
        that a dry run writes nothing, not even a new club file."""
        if Path(path).exists():
            with cls.open(path, **kw) as club:
                yield club
            return
        with tempfile.TemporaryDirectory() as folder, cls.create(Path(folder) / DEFAULT_NAME) as club:
            yield club

    @property
    def path(self) -> Path:
        return self.file.path

    def close(self) -> None:
        with club_file_failures("closed"):
            self.file.close()

    def __enter__(self) -> ClubService:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- writing -------------------------------------------------------------------------------
    def execute(self, cmd: dict[str, Any]) -> dict[str, Any]:
        if not isinstance(cmd, dict) or not isinstance(cmd.get("type"), str) or cmd["type"] not in COMMANDS:
            kind = cmd.get("type") if isinstance(cmd, dict) else None
            raise TourneyError("UNKNOWN_COMMAND", f"There is no club command {kind!r}", command=kind)
        method, fields = COMMANDS[cmd["type"]]
        unknown = sorted(set(cmd) - fields - COMMON)
        if unknown:
            raise TourneyError("UNKNOWN_FIELD", f"{cmd['type']} has no field {unknown[0]!r}", field=unknown[0])
        # A dry run does all of it in the transaction and rolls it back: its answer is the real one's.
        dry_run = cmd.get("dry_run") is True
        try:
            with self.file.transaction(rollback=dry_run) as conn:
                result = method(self, conn, cmd)
                conn.execute("INSERT INTO journal (at, type, station, command) VALUES (?, ?, ?, ?)",
                             (self._now(), cmd["type"], cmd.get("station"), json.dumps(_journal(cmd))))
        except sqlite3.Error as exc:
            raise TourneyError("CLUB_FILE_FAILED", f"The club file could not be written: {exc}", rule="written",
                               why=str(exc)) from exc
        self._index = None
        return {**result, "dry_run": True} if dry_run else result

    def _member(self, conn: sqlite3.Connection, value: Any, field: str = "member") -> Member:
        """A member named by member id; a merged one is followed to the member kept."""
        if value is None:
            raise TourneyError("FIELD_MISSING", f"Say which member: {field} is missing", field=field,
                               rule="which_member")
        member_id = clean_member_id(value)
        row = conn.execute("SELECT * FROM members WHERE member_id = ?", (member_id,)).fetchone()
        if row is None:
            raise TourneyError("UNKNOWN_MEMBER", f"There is no member {member_id}", member=member_id, field=field)
        member = Member.from_row(row)
        while member.merged_into is not None:
            member = Member.from_row(conn.execute("SELECT * FROM members WHERE id = ?",
                                                  (member.merged_into,)).fetchone())
        return member

    def _next_member_id(self, conn: sqlite3.Connection) -> str:
        # The club's own numbers carry a prefix of their own, so that a number typed at the cashier (the one on
        # a member's card, say) is never one the club has given someone else. Every row stays in the file
        # (merged and erased ones too), so the highest number ever given is here.
        top = conn.execute("SELECT MAX(CAST(substr(member_id, ?) AS INTEGER)) FROM members WHERE member_id GLOB ? "
                           "AND substr(member_id, ?) NOT GLOB '*[^0-9]*'",
                           (len(CLUB_ID_PREFIX) + 1, f"{CLUB_ID_PREFIX}[0-9]*", len(CLUB_ID_PREFIX) + 1)).fetchone()[0]
        return f"{CLUB_ID_PREFIX}{(top or 0) + 1}"

    def _insert_member(self, conn: sqlite3.Connection, fields: dict[str, Any], *, confirmed: bool = True) -> str:
        member_id = fields.get("member_id") or self._next_member_id(conn)
        taken = conn.execute("SELECT name FROM members WHERE member_id = ?", (member_id,)).fetchone()
        if taken is not None:
            raise TourneyError("MEMBER_ID_TAKEN", f"Member id {member_id} is already {taken['name']}'s; a member id "
                               "is never given twice", member=member_id, field="member_id")
        joined = fields.get("joined") or time.strftime("%Y-%m-%d", time.localtime(self._now()))
        conn.execute("INSERT INTO members (member_id, name, nickname, email, phone, notes, joined, handle, key, "
                     "confirmed) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                     (member_id, fields["name"], fields.get("nickname"), fields.get("email"), fields.get("phone"),
                      fields.get("notes"), joined, self._handle(), member_key(fields["name"], fields.get("nickname"),
                                                                              member_id), int(confirmed)))
        return member_id

    def _add_member(self, conn: sqlite3.Connection, cmd: dict[str, Any]) -> dict[str, Any]:
        if "name" not in cmd:
            raise TourneyError("FIELD_MISSING", "A member needs a name", field="name", rule="member_name")
        fields = clean_fields(cmd)
        return {"member_id": self._insert_member(conn, fields)}

    def _edit_member(self, conn: sqlite3.Connection, cmd: dict[str, Any]) -> dict[str, Any]:
        member = self._member(conn, cmd.get("member"))
        if member.erased:
            raise TourneyError("MEMBER_ERASED", f"Member {member.member_id} was erased on request",
                               member=member.member_id)
        changes = clean_fields({k: v for k, v in cmd.items() if k in ("name", "nickname", "email", "phone",
                                                                        "notes", "joined")})
        if "member_id" in cmd:
            raise TourneyError("FIELD_INVALID", "A member id never changes: it is the club's record of the person",
                               field="member_id", rule="member_id_fixed")
        changes = {k: v for k, v in changes.items() if getattr(member, k) != v}
        if not changes:
            raise TourneyError("NOTHING_TO_DO", f"{member.name} is already written that way", member=member.member_id,
                               name=member.name, rule="member_same")
        sets = ", ".join(f"{k} = ?" for k in changes)
        name, nickname = changes.get("name", member.name), changes.get("nickname", member.nickname)
        conn.execute(f"UPDATE members SET {sets}, key = ? WHERE id = ?",
                     (*changes.values(), member_key(str(name), nickname, member.member_id), member.id))
        if "name" in changes:
            conn.execute("UPDATE results SET name = ? WHERE member = ?", (name, member.id))
        return {"member_id": member.member_id, "changed": sorted(changes)}

    def _confirm_member(self, conn: sqlite3.Connection, cmd: dict[str, Any]) -> dict[str, Any]:
        """Someone new tonight becomes a member, as the TD or the cashier spells them (a corrected name, a
        nickname, a contact given at the desk)."""
        member = self._member(conn, cmd.get("member"))
        if member.confirmed:
            raise TourneyError("NOTHING_TO_DO", f"{member.name} is a member already", member=member.member_id,
                               name=member.name, rule="member_already")
        if member.erased:
            raise TourneyError("MEMBER_ERASED", f"Member {member.member_id} was erased on request",
                               member=member.member_id)
        changes = clean_fields({k: v for k, v in cmd.items() if k in ("name", "nickname", "email", "phone", "notes")})
        changes = {k: v for k, v in changes.items() if getattr(member, k) != v}
        name, nickname = changes.get("name", member.name), changes.get("nickname", member.nickname)
        sets = "".join(f"{k} = ?, " for k in changes)
        conn.execute(f"UPDATE members SET {sets}confirmed = 1, key = ? WHERE id = ?",
                     (*changes.values(), member_key(str(name), nickname, member.member_id), member.id))
        if "name" in changes:
            conn.execute("UPDATE results SET name = ? WHERE member = ?", (name, member.id))
        return {"member_id": member.member_id, "name": name, "changed": sorted(changes)}

    def _merge_members(self, conn: sqlite3.Connection, cmd: dict[str, Any]) -> dict[str, Any]:
        """Two members who are one person: the first's history goes to the second, who is kept."""
        gone = self._member(conn, cmd.get("member"))
        kept = self._member(conn, cmd.get("into"), "into")
        if gone.id == kept.id:
            raise TourneyError("MERGE_SAME", f"{gone.name} ({gone.member_id}) is already that member",
                               member=gone.member_id)
        if gone.erased or kept.erased:
            raise TourneyError("MEMBER_ERASED", "An erased member cannot be merged", member=gone.member_id)
        moved = conn.execute("UPDATE results SET member = ?, name = ? WHERE member = ?",
                             (kept.id, kept.name, gone.id)).rowcount
        fill = {k: getattr(gone, k) for k in ("nickname", "email", "phone", "notes", *TD3_FIELDS)
                if getattr(kept, k) is None and getattr(gone, k) is not None}
        if gone.joined and (kept.joined is None or gone.joined < kept.joined):
            fill["joined"] = gone.joined
        if fill:
            conn.execute(f"UPDATE members SET {', '.join(f'{k} = ?' for k in fill)}, key = ? WHERE id = ?",
                         (*fill.values(), member_key(kept.name, fill.get("nickname", kept.nickname), kept.member_id),
                          kept.id))
        conn.execute("UPDATE members SET merged_into = ? WHERE id = ? OR merged_into = ?", (kept.id, gone.id, gone.id))
        conn.execute("UPDATE adjustments SET member = ? WHERE member = ?", (kept.id, gone.id))
        conn.execute("INSERT OR IGNORE INTO league_members (league, member) SELECT league, ? FROM league_members "
                     "WHERE member = ?", (kept.id, gone.id))
        conn.execute("DELETE FROM league_members WHERE member = ?", (gone.id,))
        return {"member_id": kept.member_id, "merged": gone.member_id, "results_moved": moved}

    def _erase_member(self, conn: sqlite3.Connection, cmd: dict[str, Any]) -> dict[str, Any]:
        """On the person's request: their name and contacts go; the results stay, as "Erased member"."""
        member = self._member(conn, cmd.get("member"))
        if member.erased:
            raise TourneyError("MEMBER_ERASED", f"Member {member.member_id} is already erased", member=member.member_id)
        # TD3's UUID stays (no word of theirs): an old TD3 save imported again finds them erased, not anew.
        conn.execute("UPDATE members SET name = ?, nickname = NULL, email = NULL, phone = NULL, notes = NULL, "
                     "first_name = NULL, last_name = NULL, email2 = NULL, phone2 = NULL, td3_id = NULL, "
                     "erased = 1, key = ? WHERE id = ?", (ERASED_NAME, search_key(ERASED_NAME), member.id))
        conn.execute("UPDATE results SET name = ? WHERE member = ?", (ERASED_NAME, member.id))
        return {"member_id": member.member_id}

    def _import_members(self, conn: sqlite3.Connection, cmd: dict[str, Any]) -> dict[str, Any]:
        """Rows of a member list: a row with a member id the club knows, or without one but with the name of
        exactly one member, is that member (filled in, and a member from now on if they were new tonight);
        any other row is a new member. Importing the same list twice adds nobody."""
        rows = cmd.get("rows")
        if not isinstance(rows, list) or not rows:
            raise TourneyError("FIELD_INVALID", "rows lists the members to import", field="rows")
        by_name = self._members_by_name(conn)
        added = updated = unchanged = 0
        for number, raw in enumerate(rows, start=1):
            where = raw.get("row", number) if isinstance(raw, dict) else number
            if not isinstance(raw, dict):
                raise TourneyError("FIELD_INVALID", f"row {where}: a member is a set of fields", row=where)
            try:
                fields = clean_fields({k: v for k, v in raw.items() if k != "row"})
                if "name" not in fields:
                    raise TourneyError("FIELD_MISSING", "the name is missing", field="name", rule="row_name")
                member = self._imported_as(conn, fields, by_name)
                if member is None:
                    new = self._member(conn, self._insert_member(conn, fields))
                    by_name.setdefault(search_key(new.name), []).append(new)
                    added += 1
                    continue
                changes = {k: v for k, v in fields.items()
                           if k not in ("member_id", "name") and v is not None and getattr(member, k) != v}
                if changes or not member.confirmed:
                    conn.execute(f"UPDATE members SET {''.join(f'{k} = ?, ' for k in changes)}confirmed = 1, key = ? "
                                 "WHERE id = ?", (*changes.values(), member_key(member.name, changes.get(
                                     "nickname", member.nickname), member.member_id), member.id))
                    updated += 1
                else:
                    unchanged += 1
            except TourneyError as exc:
                raise TourneyError(exc.code, f"row {where}: {exc.message}", row=where, **exc.params) from exc
        return {"added": added, "updated": updated, "unchanged": unchanged}

    def _imported_as(self, conn: sqlite3.Connection, fields: dict[str, Any],
                     by_name: dict[str, list[Member]]) -> Member | None:
        """The member an imported row is: by member id (the name must be theirs), else by name when exactly
        one member has it; None for someone the club does not have."""
        name = str(fields["name"])
        if fields.get("member_id"):
            holder = self._holder(conn, str(fields["member_id"]))
            if holder is None:
                return None
            if search_key(holder.name) != search_key(name):
                raise TourneyError("MEMBER_ID_TAKEN", f"Member id {fields['member_id']} is already "
                                   f"{holder.name}'s", member=fields["member_id"], field="member_id")
            return holder
        named = by_name.get(search_key(name), [])
        if len(named) > 1:
            ids = ", ".join(m.member_id for m in named)
            raise TourneyError("NAME_AMBIGUOUS", f"{name} is {len(named)} members already ({ids}): give the row "
                               "the member id of the one it is", name=name, field="member_id", count=len(named),
                               ids=ids)
        return named[0] if named else None

    def _record_tournament(self, conn: sqlite3.Connection, cmd: dict[str, Any]) -> dict[str, Any]:
        """A night's results; recorded again after a change (an undo, a corrected place), it replaces the first."""
        summary = cmd.get("summary")
        if not isinstance(summary, dict) or not isinstance(summary.get("results"), list):
            raise TourneyError("FIELD_INVALID", "summary is the tournament's results", field="summary")
        if summary.get("flight"):
            flight = summary["flight"]
            raise TourneyError("FLIGHT_NOT_A_NIGHT", f"{flight['name']} is a flight of {flight['event_name']}: the "
                               "club records the event once, from its Day 2, with every flight's players",
                               flight=flight["name"], event=flight["event_name"])
        tid = summary["tournament_id"]
        # An event's flights recorded on their own (before the club knew them as flights) are its Day 2 now.
        for flight_id in summary.get("flights") or []:
            conn.execute("DELETE FROM results WHERE tournament IN (SELECT id FROM tournaments WHERE "
                         "tournament_id = ?)", (flight_id,))
            conn.execute("DELETE FROM tournaments WHERE tournament_id = ?", (flight_id,))
        template = cmd.get("template")
        if template is None:
            made = conn.execute("SELECT template FROM made_from WHERE tournament_id = ?", (tid,)).fetchone()
            template = made["template"] if made else None
        elif not isinstance(template, str) or not template.strip():
            raise TourneyError("FIELD_INVALID", "template names a template", field="template")
        answers = _id_answers(cmd.get("member_ids"))
        old = conn.execute("SELECT id FROM tournaments WHERE tournament_id = ?", (tid,)).fetchone()
        # Recorded again: each player stays the member they were linked to (a question answered stays answered).
        before = {r["player"]: r["member"] for r in conn.execute("SELECT player, member FROM results WHERE "
                                                                 "tournament = ?", (old["id"],))} if old else {}
        by_name = self._members_by_name(conn)
        links = self._links(conn, summary["results"], before, answers, by_name)
        columns = ("name", "date", "template", "currency", "buy_in", "entries", "players", "prize_pool", "finished",
                   "recorded_at", "source_seq", *_MONEY_FACTS)
        values = (summary["name"], summary["date"], template, summary["currency"], summary["buy_in"],
                  summary["entries"], summary["players"], summary["prize_pool"], int(bool(summary["finished"])),
                  self._now(), summary["seq"], *(summary.get(k, 0) for k in _MONEY_FACTS))
        if old is not None:
            tournament = old["id"]
            conn.execute("DELETE FROM results WHERE tournament = ?", (tournament,))
            conn.execute(f"UPDATE tournaments SET {', '.join(f'{c} = ?' for c in columns)} WHERE id = ?",
                         (*values, tournament))
        else:
            tournament = conn.execute(f"INSERT INTO tournaments (tournament_id, {', '.join(columns)}) "
                                      f"VALUES (?{', ?' * len(columns)})", (tid, *values)).lastrowid
        added = 0
        for person, linked in zip(summary["results"], links, strict=True):
            member = linked if linked is not None else self._new_tonight(conn, person, by_name)
            added += linked is None
            conn.execute("INSERT INTO results (tournament, player, member, name, place, prize, bounty_won, knockouts, "
                         "reentries, rebuys, add_ons, buy_in_cost, rebuy_cost, add_on_cost, final_table) "
                         "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                         (tournament, person["player"], member.id, member.name, person["place"], person["prize"],
                          person["bounty_won"], person["knockouts"], person["reentries"], person["rebuys"],
                          person["add_ons"], *(int(person.get(k, 0)) for k in _RESULT_FACTS)))
        return {"tournament_id": tid, "results": len(summary["results"]), "members_added": added,
                "recorded_again": old is not None}

    def _members_by_name(self, conn: sqlite3.Connection) -> dict[str, list[Member]]:
        """The live members by their name's search key: read once for a whole night's results."""
        out: dict[str, list[Member]] = {}
        for row in conn.execute("SELECT * FROM members WHERE merged_into IS NULL AND erased = 0"):
            out.setdefault(search_key(row["name"]), []).append(Member.from_row(row))
        return out

    def _links(self, conn: sqlite3.Connection, people: list[dict[str, Any]], before: dict[str, int],
               answers: dict[str, str], by_name: dict[str, list[Member]]) -> list[Member | None]:
        """The member each player of the night is (None: someone new tonight), or a refusal naming every
        member id typed at the cashier that is another person's in the club, before anything is written."""
        links: list[Member | None] = []
        clashes: list[dict[str, str]] = []
        # Two people of one name tonight, neither known by a member id: which of them (if either) is the club's
        # member of that name cannot be told, so neither is taken for him; each is new tonight, for the TD to say.
        tonight = Counter(search_key(p["name"]) for p in people)
        for person in people:
            typed = str(person.get("member_id") or "")
            holder = self._holder(conn, typed) if typed else None
            if holder is not None and (self._answers_to(conn, typed, person["name"]) or answers.get(typed) == "same"):
                links.append(holder)
            elif person["player"] in before:
                links.append(self._member_row(conn, before[person["player"]]))
            elif holder is not None and answers.get(typed) != "new":
                clashes.append({"member_id": str(typed), "name": person["name"], "member_name": holder.name})
                links.append(None)
            else:
                named = by_name.get(search_key(person["name"]), [])
                alone = tonight[search_key(person["name"])] == 1
                links.append(named[0] if len(named) == 1 and not typed and alone else None)
        if clashes:
            raise TourneyError("MEMBER_ID_CLASH", "; ".join(
                f"member id {c['member_id']} was typed for {c['name']}, but in the club it is {c['member_name']}'s"
                for c in clashes) + ": say whether each is that member or someone new tonight", clashes=clashes)
        return links

    def _answers_to(self, conn: sqlite3.Connection, member_id: str, name: str) -> bool:
        """A member id typed for `name` is that member's when the name is theirs (or their nickname), accents,
        case and spacing aside: the name of the member kept, or of the one merged into them who had that id."""
        key = search_key(name)
        rows = conn.execute("SELECT name, nickname, erased FROM members WHERE member_id = ? UNION ALL SELECT m.name, "
                            "m.nickname, m.erased FROM members m JOIN members g ON g.merged_into = m.id WHERE "
                            "g.member_id = ?", (member_id, member_id)).fetchall()
        return any(not r["erased"] and key in (search_key(r["name"]), search_key(r["nickname"] or "")) for r in rows)

    def _holder(self, conn: sqlite3.Connection, member_id: str) -> Member | None:
        """The member who has that member id, followed through merges; None when no one has it."""
        row = conn.execute("SELECT member_id FROM members WHERE member_id = ?", (member_id,)).fetchone()
        return self._member(conn, row["member_id"]) if row is not None else None

    def _member_row(self, conn: sqlite3.Connection, row_id: int) -> Member:
        return self._member(conn, conn.execute("SELECT member_id FROM members WHERE id = ?", (row_id,)).fetchone()[0])

    def _new_tonight(self, conn: sqlite3.Connection, person: dict[str, Any],
                     by_name: dict[str, list[Member]]) -> Member:
        """Someone new tonight: a member once the TD or the cashier confirms them (or says which member they
        are). The member id typed at the cashier is theirs unless the club has given it to someone else."""
        fields = {"name": person["name"], "nickname": person.get("nickname"), "email": person.get("email"),
                  "phone": person.get("phone")}
        typed = person.get("member_id")
        if typed and self._holder(conn, typed) is None:
            fields["member_id"] = typed
        member = self._member(conn, self._insert_member(conn, fields, confirmed=False))
        by_name.setdefault(search_key(member.name), []).append(member)  # a second "Ana" tonight is not her
        return member

    def _made_from(self, conn: sqlite3.Connection, cmd: dict[str, Any]) -> dict[str, Any]:
        tid, template = cmd.get("tournament_id"), cmd.get("template")
        if not isinstance(tid, str) or not isinstance(template, str) or not template.strip():
            raise TourneyError("FIELD_INVALID", "made_from names a tournament and a template", field="template")
        conn.execute("INSERT OR REPLACE INTO made_from (tournament_id, template) VALUES (?, ?)",
                     (tid, template.strip()))
        conn.execute("UPDATE tournaments SET template = ? WHERE tournament_id = ?", (template.strip(), tid))
        return {"tournament_id": tid, "template": template.strip()}

    def _formula_text(self, conn: sqlite3.Connection, value: Any, language: str) -> tuple[str, str]:
        """A league's formula and its language: a preset's name, one of the club's saved formulas by name (in
        the language it was saved in), or the text itself."""
        if isinstance(value, str) and value in formula.PRESETS and language == "tourneydesk":
            return formula.PRESETS[value], language
        saved = conn.execute("SELECT text, language FROM formulas WHERE name = ?", (value,)).fetchone() \
            if isinstance(value, str) else None
        text, language = (saved["text"], saved["language"]) if saved is not None else (value, language)
        formula.check(text, language)
        return str(text), language

    def _league_rules(self, conn: sqlite3.Connection, cmd: dict[str, Any], old: sqlite3.Row | None) -> dict[str, Any]:
        """The league's rules as the command gives them, checked; for an edit, what it leaves out stays."""
        rules: dict[str, Any] = dict(old) if old is not None else {
            "best": None, "template": None, "date_from": None, "date_to": None, "tie_break": None,
            "language": "tourneydesk", "guests": "ranked"}
        language = cmd.get("language", rules["language"])
        if language not in formula.LANGUAGES:
            raise TourneyError("FIELD_INVALID", f"There is no formula language {language!r}; known: "
                               f"{', '.join(formula.LANGUAGES)}", field="language")
        if old is None or "formula" in cmd or language != rules["language"]:
            rules["formula"], rules["language"] = self._formula_text(conn, cmd.get("formula", rules.get("formula")),
                                                                     language)
        if "best" in cmd:
            best = cmd["best"]
            if best is not None and (isinstance(best, bool) or not isinstance(best, int) or best < 1):
                raise TourneyError("FIELD_INVALID", "best counts a player's best results: a whole number of 1 or "
                                   "more", field="best", rule="best")
            rules["best"] = best
        for key in ("date_from", "date_to"):
            if key in cmd:
                rules[key] = clean_date(cmd[key], key) if cmd[key] not in (None, "") else None
        if rules["date_from"] and rules["date_to"] and rules["date_from"] > rules["date_to"]:
            raise TourneyError("FIELD_INVALID", f"The league ends ({rules['date_to']}) before it begins "
                               f"({rules['date_from']})", field="date_to", date_from=rules["date_from"],
                               date_to=rules["date_to"], rule="league_dates")
        if "template" in cmd:
            template = cmd["template"]
            if template is not None and (not isinstance(template, str) or not template.strip()):
                raise TourneyError("FIELD_INVALID", "template names a template", field="template")
            rules["template"] = template.strip() if template else None
        if old is None or "tie_break" in cmd:
            rules["tie_break"] = json.dumps(list(league.check_tie_break(cmd.get("tie_break"))))
        if "guests" in cmd:
            if cmd["guests"] not in league.GUESTS:
                raise TourneyError("FIELD_INVALID", f"guests is one of {', '.join(league.GUESTS)}", field="guests")
            rules["guests"] = cmd["guests"]
        return rules

    def _picked(self, conn: sqlite3.Connection, league_id: int, picked: Any) -> None:
        if not isinstance(picked, list) or not all(isinstance(t, str) for t in picked):
            raise TourneyError("FIELD_INVALID", "tournaments lists tournament ids", field="tournaments")
        conn.execute("DELETE FROM league_tournaments WHERE league = ?", (league_id,))
        for tid in picked:
            conn.execute("INSERT OR IGNORE INTO league_tournaments (league, tournament_id) VALUES (?, ?)",
                         (league_id, tid))

    def _free_league_name(self, conn: sqlite3.Connection, value: Any) -> str:
        name = _short_name(value, "league")
        if conn.execute("SELECT 1 FROM leagues WHERE name = ?", (name,)).fetchone():
            raise TourneyError("LEAGUE_EXISTS", f"There is already a league {name!r}", league=name, field="name")
        return name

    def _create_league(self, conn: sqlite3.Connection, cmd: dict[str, Any]) -> dict[str, Any]:
        name = self._free_league_name(conn, cmd.get("name"))
        rules = self._league_rules(conn, cmd, None)
        chosen = [self._member(conn, m, "members") for m in cmd.get("members") or []]
        league_id = conn.execute(
            "INSERT INTO leagues (name, formula, best, template, date_from, date_to, tie_break, created_at, language, "
            "chosen_members, guests) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (name, rules["formula"], rules["best"], rules["template"], rules["date_from"], rules["date_to"],
             rules["tie_break"], self._now(), rules["language"], int(bool(chosen)), rules["guests"])).lastrowid
        assert league_id is not None
        self._picked(conn, league_id, cmd.get("tournaments") or [])
        for member in chosen:
            conn.execute("INSERT OR IGNORE INTO league_members (league, member) VALUES (?, ?)", (league_id, member.id))
        return {"league": name}

    def _edit_league(self, conn: sqlite3.Connection, cmd: dict[str, Any]) -> dict[str, Any]:
        """A league's rules changed (its formula, best N, template, dates, tie-break, guests, nights picked, its
        name): the standings are counted again from the results, so every night it counts is counted the new
        way. Who it counts is `league_members`."""
        old = self._league_row(cmd.get("name"), conn)
        rules = self._league_rules(conn, cmd, old)
        name = old["name"]
        if cmd.get("new_name") is not None and _short_name(cmd["new_name"], "league") != name:
            name = self._free_league_name(conn, cmd["new_name"])
        kept = ("formula", "language", "best", "template", "date_from", "date_to", "tie_break", "guests")
        changed = sorted(k for k in kept if rules[k] != old[k]) + (["name"] if name != old["name"] else [])
        if "tournaments" in cmd:
            before = {r[0] for r in conn.execute("SELECT tournament_id FROM league_tournaments WHERE league = ?",
                                                  (old["id"],))}
            self._picked(conn, old["id"], cmd["tournaments"])
            if set(cmd["tournaments"]) != before:
                changed.append("tournaments")
        if not changed:
            raise TourneyError("NOTHING_TO_DO", f"League {name} already has those rules", league=name,
                               rule="league_same")
        conn.execute(f"UPDATE leagues SET name = ?, {', '.join(f'{k} = ?' for k in kept)} WHERE id = ?",
                     (name, *(rules[k] for k in kept), old["id"]))
        return {"league": name, "changed": sorted(changed)}

    def _league_members(self, conn: sqlite3.Connection, cmd: dict[str, Any]) -> dict[str, Any]:
        """Who the league counts (TD3 adds and removes players per league), and whether the others are ranked."""
        row = self._league_row(cmd.get("league"), conn)
        added = [self._member(conn, m, "add") for m in cmd.get("add") or []]
        removed = [self._member(conn, m, "remove") for m in cmd.get("remove") or []]
        guests = cmd.get("guests", row["guests"])
        if guests not in league.GUESTS:
            raise TourneyError("FIELD_INVALID", f"guests is one of {', '.join(league.GUESTS)}", field="guests")
        if not added and not removed and guests == row["guests"]:
            raise TourneyError("NOTHING_TO_DO", f"{row['name']} is already so", league=row["name"],
                               rule="league_members_same")
        for member in added:
            conn.execute("INSERT OR IGNORE INTO league_members (league, member) VALUES (?, ?)", (row["id"], member.id))
        for member in removed:
            conn.execute("DELETE FROM league_members WHERE league = ? AND member = ?", (row["id"], member.id))
        count = conn.execute("SELECT COUNT(*) FROM league_members WHERE league = ?", (row["id"],)).fetchone()[0]
        conn.execute("UPDATE leagues SET chosen_members = ?, guests = ? WHERE id = ?",
                     (int(count > 0), guests, row["id"]))
        return {"league": row["name"], "members": count, "guests": guests}

    def _adjust(self, conn: sqlite3.Connection, cmd: dict[str, Any]) -> dict[str, Any]:
        """Points given (or taken) by hand in a league: to one night of the member's, or to the league."""
        row = self._league_row(cmd.get("league"), conn)
        member = self._member(conn, cmd.get("member"))
        points = cmd.get("points")
        if isinstance(points, bool) or not isinstance(points, int | float) or not points or abs(points) > 1e6:
            raise TourneyError("FIELD_INVALID", "points are a number of points to give (or, below 0, to take)",
                               field="points", rule="points")
        tid = cmd.get("tournament_id")
        if tid is not None and not conn.execute(
                "SELECT 1 FROM results r JOIN tournaments t ON t.id = r.tournament WHERE t.tournament_id = ? AND "
                "r.member = ?", (tid, member.id)).fetchone():
            raise TourneyError("FIELD_INVALID", f"{member.name} did not play {tid}", field="tournament_id",
                               name=member.name, tournament=tid, rule="did_not_play")
        reason = cmd.get("reason")
        if reason is not None and (not isinstance(reason, str) or len(reason) > 200):
            raise TourneyError("FIELD_INVALID", "the reason is a text of at most 200 characters", field="reason",
                               limit=200, rule="reason_too_long")
        conn.execute("INSERT INTO adjustments (league, tournament_id, member, points, reason, created_at) "
                     "VALUES (?, ?, ?, ?, ?, ?)", (row["id"], tid, member.id, float(points), reason, self._now()))
        return {"league": row["name"], "member_id": member.member_id, "points": points}

    def _delete_league(self, conn: sqlite3.Connection, cmd: dict[str, Any]) -> dict[str, Any]:
        row = self._league_row(cmd.get("name"), conn)
        conn.execute("DELETE FROM league_tournaments WHERE league = ?", (row["id"],))
        conn.execute("DELETE FROM league_members WHERE league = ?", (row["id"],))
        conn.execute("DELETE FROM adjustments WHERE league = ?", (row["id"],))
        conn.execute("DELETE FROM seasons WHERE league = ?", (row["id"],))
        conn.execute("DELETE FROM leagues WHERE id = ?", (row["id"],))
        return {"league": row["name"]}

    # -- seasons: a league's table over a span of dates ------------------------------------------
    def _season_dates(self, conn: sqlite3.Connection, league_id: int, cmd: dict[str, Any],
                      old: sqlite3.Row | None) -> tuple[str, str]:
        begins = clean_date(cmd["date_from"], "date_from") if cmd.get("date_from") is not None else \
            (old["date_from"] if old is not None else None)
        ends = clean_date(cmd["date_to"], "date_to") if cmd.get("date_to") is not None else \
            (old["date_to"] if old is not None else None)
        if begins is None or ends is None:
            field = "date_from" if begins is None else "date_to"
            raise TourneyError("FIELD_MISSING", "A season has a first and a last day", field=field,
                               rule="season_days")
        if begins > ends:
            raise TourneyError("FIELD_INVALID", f"The season ends ({ends}) before it begins ({begins})",
                               field="date_to", date_from=begins, date_to=ends, rule="season_dates")
        clash = conn.execute("SELECT name, date_from, date_to FROM seasons WHERE league = ? AND id != ? AND "
                             "date_from <= ? AND date_to >= ? ORDER BY date_from",
                             (league_id, old["id"] if old is not None else -1, ends, begins)).fetchone()
        if clash is not None:
            raise TourneyError("SEASON_OVERLAPS", f"The season overlaps {clash['name']} ({clash['date_from']} to "
                               f"{clash['date_to']}): a night counts in one season of a league",
                               season=clash["name"], field="date_from")
        return begins, ends

    def _season_row(self, conn: sqlite3.Connection, league_id: int, value: Any) -> sqlite3.Row:
        name = _short_name(value, "season")
        row: sqlite3.Row | None = conn.execute("SELECT * FROM seasons WHERE league = ? AND name = ?",
                                               (league_id, name)).fetchone()
        if row is None:
            raise TourneyError("UNKNOWN_SEASON", f"The league has no season {name!r}", season=name, field="season")
        return row

    def _create_season(self, conn: sqlite3.Connection, cmd: dict[str, Any]) -> dict[str, Any]:
        league_row = self._league_row(cmd.get("league"), conn)
        name = _short_name(cmd.get("name"), "season")
        if conn.execute("SELECT 1 FROM seasons WHERE league = ? AND name = ?", (league_row["id"], name)).fetchone():
            raise TourneyError("SEASON_EXISTS", f"{league_row['name']} has a season {name!r} already", season=name,
                               field="name")
        begins, ends = self._season_dates(conn, league_row["id"], cmd, None)
        conn.execute("INSERT INTO seasons (league, name, date_from, date_to) VALUES (?, ?, ?, ?)",
                     (league_row["id"], name, begins, ends))
        return {"league": league_row["name"], "season": name}

    def _edit_season(self, conn: sqlite3.Connection, cmd: dict[str, Any]) -> dict[str, Any]:
        league_row = self._league_row(cmd.get("league"), conn)
        old = self._season_row(conn, league_row["id"], cmd.get("name"))
        name = old["name"]
        if cmd.get("new_name") is not None and _short_name(cmd["new_name"], "season") != name:
            name = _short_name(cmd["new_name"], "season")
            if conn.execute("SELECT 1 FROM seasons WHERE league = ? AND name = ?",
                            (league_row["id"], name)).fetchone():
                raise TourneyError("SEASON_EXISTS", f"{league_row['name']} has a season {name!r} already",
                                   season=name, field="new_name")
        begins, ends = self._season_dates(conn, league_row["id"], cmd, old)
        if (name, begins, ends) == (old["name"], old["date_from"], old["date_to"]):
            raise TourneyError("NOTHING_TO_DO", f"The season {name} already has those dates", season=name,
                               rule="season_same")
        conn.execute("UPDATE seasons SET name = ?, date_from = ?, date_to = ? WHERE id = ?",
                     (name, begins, ends, old["id"]))
        return {"league": league_row["name"], "season": name}

    def _delete_season(self, conn: sqlite3.Connection, cmd: dict[str, Any]) -> dict[str, Any]:
        league_row = self._league_row(cmd.get("league"), conn)
        row = self._season_row(conn, league_row["id"], cmd.get("name"))
        conn.execute("DELETE FROM seasons WHERE id = ?", (row["id"],))
        return {"league": league_row["name"], "season": row["name"]}

    # -- the club's own formulas -------------------------------------------------------------------
    def _save_formula(self, conn: sqlite3.Connection, cmd: dict[str, Any]) -> dict[str, Any]:
        name = _short_name(cmd.get("name"), "formula")
        if name in formula.PRESETS:
            raise TourneyError("NAME_INVALID", f"{name} is a preset's name: give the formula another",
                               field="name", name=name, rule="preset")
        text, language = cmd.get("text"), cmd.get("language", "tourneydesk")
        if language not in formula.LANGUAGES:
            raise TourneyError("FIELD_INVALID", f"There is no formula language {language!r}; known: "
                               f"{', '.join(formula.LANGUAGES)}", field="language")
        formula.check(text, language)  # type: ignore[arg-type]
        replaced = conn.execute("SELECT 1 FROM formulas WHERE name = ?", (name,)).fetchone() is not None
        conn.execute("INSERT OR REPLACE INTO formulas (name, text, language, saved_at) VALUES (?, ?, ?, ?)",
                     (name, str(text).strip(), language, self._now()))
        return {"formula": name, "replaced": replaced}

    def _delete_formula(self, conn: sqlite3.Connection, cmd: dict[str, Any]) -> dict[str, Any]:
        name = _short_name(cmd.get("name"), "formula")
        if conn.execute("DELETE FROM formulas WHERE name = ?", (name,)).rowcount == 0:
            raise TourneyError("UNKNOWN_FORMULA", f"The club has no formula {name!r}", formula=name, field="name")
        return {"formula": name}

    def _save_template(self, conn: sqlite3.Connection, cmd: dict[str, Any]) -> dict[str, Any]:
        name = _short_name(cmd.get("name"), "template")
        config = cmd.get("config")
        if not isinstance(config, dict):
            raise TourneyError("FIELD_INVALID", "config is the tournament's settings", field="config")
        parsed = parse_config(config)  # a template that could not make a tournament is refused now
        replaced = conn.execute("SELECT 1 FROM templates WHERE name = ?", (name,)).fetchone() is not None
        conn.execute("INSERT OR REPLACE INTO templates (name, config, saved_at) VALUES (?, ?, ?)",
                     (name, json.dumps(parsed.to_dict(), sort_keys=True), self._now()))
        return {"template": name, "replaced": replaced}

    def _delete_template(self, conn: sqlite3.Connection, cmd: dict[str, Any]) -> dict[str, Any]:
        name = _short_name(cmd.get("name"), "template")
        if conn.execute("DELETE FROM templates WHERE name = ?", (name,)).rowcount == 0:
            raise TourneyError("UNKNOWN_TEMPLATE", f"There is no template {name!r}", template=name)
        return {"template": name}

    # -- reading -------------------------------------------------------------------------------
    def members(self, *, hidden: bool = False) -> list[Member]:
        """The members, by name; with `hidden=False`, erased ones and those new tonight who wait to be
        confirmed are left out; merged ones only with `hidden=True`."""
        rows = self.file.rows("SELECT * FROM members ORDER BY key, member_id")
        members = [Member.from_row(r) for r in rows]
        return [m for m in members if hidden or (m.merged_into is None and not m.erased and m.confirmed)]

    def new_tonight(self) -> list[dict[str, Any]]:
        """The people recorded from a night who are not members yet: each with the nights they played."""
        rows = self.file.rows("SELECT m.*, group_concat(t.name, '; ') AS nights FROM members m "
                              "LEFT JOIN results r ON r.member = m.id LEFT JOIN tournaments t ON t.id = r.tournament "
                              "WHERE m.confirmed = 0 AND m.merged_into IS NULL AND m.erased = 0 "
                              "GROUP BY m.id ORDER BY m.id")
        return [{"member": Member.from_row(r), "nights": r["nights"] or ""} for r in rows]

    def index(self) -> MemberIndex:
        """The members' search index, built again when the file changed (here, or from another window or
        program: SQLite's data_version tells), so a member added in the console is found at the cashier."""
        version = self.file.conn.execute("PRAGMA data_version").fetchone()[0]
        if self._index is None or version != self._index_version:
            self._index = MemberIndex(self.members())
            self._index_version = version
        return self._index

    def find(self, text: str, limit: int | None = 50) -> list[Member]:
        with club_file_failures("read"):
            return self.index().find(text, limit)

    def recorded_seq(self, tournament_id: str) -> int | None:
        """How far into its log the night was when its results were last recorded; None if never."""
        with club_file_failures("read"):
            rows = self.file.rows("SELECT source_seq FROM tournaments WHERE tournament_id = ?", (tournament_id,))
        return int(rows[0][0]) if rows else None

    def member(self, member_id: str) -> Member:
        return self._member(self.file.conn, member_id)

    def holder_of_another_name(self, member_id: str, name: str) -> Member | None:
        """The member who has `member_id` in the club when `name` is not theirs (nor their nickname): what the
        cashier is told as it is typed, before the night's record asks the TD again."""
        holder = self._holder(self.file.conn, member_id)
        return holder if holder is not None and not self._answers_to(self.file.conn, member_id, name) else None

    def existing_ids(self) -> dict[str, str]:
        return {r["member_id"]: r["name"] for r in self.file.rows("SELECT member_id, name FROM members")}

    def preview_csv(self, data: bytes | str, mapping: dict[str, Any] | None = None) -> csv_import.Preview:
        return csv_import.preview(data, mapping, existing=self.existing_ids())

    def export_csv(self) -> csv_import.Exported:
        """The members as a CSV, one row each: never an erased member (they would come back on import), a
        member merged into another, or someone new tonight who is not a member yet."""
        return csv_import.export([m.to_dict() for m in self.members()])

    def history(self, member_id: str) -> list[dict[str, Any]]:
        member = self.member(member_id)
        rows = self.file.rows("SELECT t.tournament_id, t.name AS tournament, t.date, t.entries, r.* FROM results r "
                              "JOIN tournaments t ON t.id = r.tournament WHERE r.member = ? ORDER BY t.date",
                              (member.id,))
        return [{k: r[k] for k in ("tournament_id", "tournament", "date", "entries", "place", "prize", "bounty_won",
                                   "knockouts", "reentries", "rebuys", "add_ons")} for r in rows]

    def tournaments(self) -> list[dict[str, Any]]:
        return [dict(r) for r in self.file.rows("SELECT * FROM tournaments ORDER BY date, id")]

    def templates(self) -> dict[str, dict[str, Any]]:
        with club_file_failures("read"):
            rows = self.file.rows("SELECT * FROM templates ORDER BY name")
        return {r["name"]: json.loads(r["config"]) for r in rows}

    def payout_profiles(self) -> list[dict[str, Any]]:
        """Prize tables kept as shares of the pool (basis points, first place first)."""
        return [{"name": r["name"], "places": json.loads(r["places"])}
                for r in self.file.rows("SELECT * FROM payout_profiles ORDER BY name")]

    def buy_ins(self) -> list[dict[str, Any]]:
        """Prices kept by name: a buy-in, a rebuy or an add-on, its parts in cents and its chips."""
        return [{k: r[k] for k in ("name", "kind", "prize", "bounty", "fee", "chips")}
                for r in self.file.rows("SELECT * FROM buy_ins ORDER BY kind, name")]

    def leagues_by_name(self) -> dict[str, dict[str, Any]]:
        return {league["name"]: league for league in self.leagues()}

    def leagues(self) -> list[dict[str, Any]]:
        return [self._league_dict(r) for r in self.file.rows("SELECT * FROM leagues ORDER BY name")]

    def _league_row(self, name: Any, conn: sqlite3.Connection | None = None) -> sqlite3.Row:
        if not isinstance(name, str):
            raise TourneyError("FIELD_MISSING", "Say which league", field="name", rule="which_league")
        row: sqlite3.Row | None = (conn or self.file.conn).execute("SELECT * FROM leagues WHERE name = ?",
                                                                  (name,)).fetchone()
        if row is None:
            known = [r["name"] for r in self.file.rows("SELECT name FROM leagues ORDER BY name")]
            raise TourneyError("UNKNOWN_LEAGUE", f"There is no league {name!r}"
                               + (f"; there are: {', '.join(known)}" if known else ""), league=name)
        return row

    def _league_dict(self, row: sqlite3.Row) -> dict[str, Any]:
        picked = [r["tournament_id"] for r in self.file.rows(
            "SELECT tournament_id FROM league_tournaments WHERE league = ?", (row["id"],))]
        tie_break = tuple(json.loads(row["tie_break"]))
        members = [r["member_id"] for r in self.file.rows(
            "SELECT m.member_id FROM league_members l JOIN members m ON m.id = l.member WHERE l.league = ? "
            "ORDER BY m.key", (row["id"],))]
        seasons = [{"name": r["name"], "date_from": r["date_from"], "date_to": r["date_to"]} for r in self.file.rows(
            "SELECT * FROM seasons WHERE league = ? ORDER BY date_from", (row["id"],))]
        return {"name": row["name"], "formula": row["formula"], "language": row["language"], "best": row["best"],
                "template": row["template"], "date_from": row["date_from"], "date_to": row["date_to"],
                "tournaments_picked": picked, "tie_break": list(tie_break),
                "members": members if row["chosen_members"] else None, "guests": row["guests"],
                "rules": league.describe_rules(row["best"], tie_break), "seasons": seasons}

    def formulas(self) -> dict[str, str]:
        """The club's own formulas by name (the presets are `formula.PRESETS`)."""
        return {r["name"]: r["text"] for r in self.file.rows("SELECT name, text FROM formulas ORDER BY name")}

    def league_tournaments(self, name: str, season: str | None = None) -> list[dict[str, Any]]:
        """The finished tournaments the league counts (in `season`, those of its dates): every rule it has
        must hold."""
        row = self._league_row(name)
        info = self._league_dict(row)
        clauses, params = ["finished = 1"], []
        if season is not None:
            chosen = self._season_row(self.file.conn, row["id"], season)
            clauses.append("date BETWEEN ? AND ?")
            params.extend([chosen["date_from"], chosen["date_to"]])
        if info["template"]:
            clauses.append("template = ?")
            params.append(info["template"])
        if info["date_from"]:
            clauses.append("date >= ?")
            params.append(info["date_from"])
        if info["date_to"]:
            clauses.append("date <= ?")
            params.append(info["date_to"])
        if info["tournaments_picked"]:
            clauses.append(f"tournament_id IN ({', '.join('?' * len(info['tournaments_picked']))})")
            params.extend(info["tournaments_picked"])
        return [dict(r) for r in self.file.rows(f"SELECT * FROM tournaments WHERE {' AND '.join(clauses)} "
                                                "ORDER BY date, id", tuple(params))]

    def standings(self, name: str, season: str | None = None) -> dict[str, Any]:
        info = self._league_dict(self._league_row(name))
        nights = self.league_tournaments(name, season)
        ids = [t["id"] for t in nights]
        results = []
        if ids:
            results = [dict(r) for r in self.file.rows(
                "SELECT t.tournament_id, r.member, m.name, m.handle, r.place, r.prize, r.bounty_won, r.knockouts, "
                "r.reentries, r.rebuys, r.add_ons, r.buy_in_cost, r.rebuy_cost, r.add_on_cost, r.final_table, "
                "r.hits_adjustment FROM results r JOIN tournaments t ON t.id = r.tournament "
                f"JOIN members m ON m.id = r.member WHERE r.tournament IN ({', '.join('?' * len(ids))})", tuple(ids))]
        league_id = self._league_row(name)["id"]
        adjustments = [league.Adjustment(r["member"], r["points"], r["tournament_id"], r["reason"])
                       for r in self.file.rows("SELECT * FROM adjustments WHERE league = ? OR (league IS NULL AND "
                                               "tournament_id IN (SELECT tournament_id FROM tournaments WHERE id IN "
                                               f"({', '.join('?' * len(ids))}))) ORDER BY id", (league_id, *ids))]
        members = None if info["members"] is None else {r["member"] for r in self.file.rows(
            "SELECT member FROM league_members WHERE league = ?", (league_id,))}
        rows = league.standings(formula.parse(info["formula"], info["language"], imported=True), info["best"],
                                tuple(info["tie_break"]), nights, results, adjustments=adjustments, members=members,
                                guests=info["guests"])
        shown = ("tournament_id", "name", "date", "entries", "prize_pool", "currency")
        # Each row's member id, by handle: two members of one name read apart by it on the club's own pages. It
        # stays beside the standings, not in them: the website is sent handles only, and its table is this one.
        member_ids = {r["id"]: r["member_id"] for r in self.file.rows("SELECT id, member_id FROM members")}
        return {"league": info, "season": season, "tournaments": [{k: t[k] for k in shown} for t in nights],
                "standings": [r.to_dict() for r in rows],
                "member_ids": {r.handle: member_ids.get(r.member) for r in rows}}


def _short_name(value: Any, what: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise TourneyError("NAME_INVALID", f"The {what} needs a name", field="name", thing=what, rule="needs_name")
    name = " ".join(value.split())
    if len(name) > NAME_MAX:
        raise TourneyError("NAME_INVALID", f"The {what}'s name is {len(name)} characters long; at most {NAME_MAX}",
                           field="name", thing=what, length=len(name), max=NAME_MAX,
                           rule="name_too_long")
    return name


def _id_answers(value: Any) -> dict[str, str]:
    """What the TD said of member ids typed at the cashier that are other members' in the club: member id ->
    "same" (that member played) or "new" (someone new tonight)."""
    if value is None:
        return {}
    if not isinstance(value, dict) or not all(isinstance(k, str) and v in ("same", "new") for k, v in value.items()):
        raise TourneyError("FIELD_INVALID", 'member_ids maps a member id to "same" or "new"', field="member_ids")
    return dict(value)


_PERSONAL = frozenset({"name", "nickname", "email", "phone", "notes"})
# What a night's summary says of its money and each person's costs, beyond what every night has: a league
# formula brought over from TD3 reads it (club/league.py, night_facts).
_MONEY_FACTS = ("fee", "rebuys", "add_ons", "buy_ins_amount", "rebuys_amount", "add_ons_amount", "paid_places")
_RESULT_FACTS = ("buy_in_cost", "rebuy_cost", "add_on_cost", "final_table")


def _journal(cmd: dict[str, Any]) -> dict[str, Any]:
    """What the journal keeps of a command: which member and which fields, never a person's words (an
    erasure must leave none behind); a night's results are in the results table already."""
    if cmd["type"] == "record_tournament":
        summary = cmd.get("summary") or {}
        return {"type": cmd["type"], "tournament_id": summary.get("tournament_id"), "seq": summary.get("seq")}
    if cmd["type"] == "import_members":
        return {"type": cmd["type"], "rows": len(cmd.get("rows") or [])}
    if cmd["type"] == "import_td3":
        return {"type": cmd["type"], "files": [s.get("file") for s in cmd.get("saves") or [] if isinstance(s, dict)]}
    if cmd["type"] == "adjust":
        return {k: v for k, v in cmd.items() if k != "reason"}
    if cmd["type"] == "save_template":
        return {"type": cmd["type"], "name": cmd.get("name")}
    return {k: ("…" if k in _PERSONAL and cmd["type"].endswith("member") else v) for k, v in cmd.items()}


_M = ("name", "nickname", "member_id", "email", "phone", "notes", "joined")
_LEAGUE = ("formula", "language", "best", "template", "date_from", "date_to", "tournaments", "tie_break", "guests")
Handler = Callable[[ClubService, sqlite3.Connection, dict[str, Any]], dict[str, Any]]
COMMANDS: dict[str, tuple[Handler, frozenset[str]]] = {
    "add_member": (ClubService._add_member, frozenset(_M)),
    "edit_member": (ClubService._edit_member, frozenset({"member", *_M})),
    "confirm_member": (ClubService._confirm_member, frozenset({"member", "name", "nickname", "email", "phone",
                                                               "notes"})),
    "merge_members": (ClubService._merge_members, frozenset({"member", "into"})),
    "erase_member": (ClubService._erase_member, frozenset({"member"})),
    "import_members": (ClubService._import_members, frozenset({"rows"})),
    "record_tournament": (ClubService._record_tournament, frozenset({"summary", "template", "member_ids"})),
    "made_from": (ClubService._made_from, frozenset({"tournament_id", "template"})),
    "create_league": (ClubService._create_league, frozenset({"name", "members", *_LEAGUE})),
    "edit_league": (ClubService._edit_league, frozenset({"name", "new_name", *_LEAGUE})),
    "league_members": (ClubService._league_members, frozenset({"league", "add", "remove", "guests"})),
    "adjust": (ClubService._adjust, frozenset({"league", "member", "points", "tournament_id", "reason"})),
    "import_td3": (td3_import.import_td3, frozenset({"saves", "currency", "leagues", "names"})),
    "delete_league": (ClubService._delete_league, frozenset({"name"})),
    "create_season": (ClubService._create_season, frozenset({"league", "name", "date_from", "date_to"})),
    "edit_season": (ClubService._edit_season, frozenset({"league", "name", "new_name", "date_from", "date_to"})),
    "delete_season": (ClubService._delete_season, frozenset({"league", "name"})),
    "save_formula": (ClubService._save_formula, frozenset({"name", "text", "language"})),
    "delete_formula": (ClubService._delete_formula, frozenset({"name"})),
    "save_template": (ClubService._save_template, frozenset({"name", "config"})),
    "delete_template": (ClubService._delete_template, frozenset({"name"})),
}
