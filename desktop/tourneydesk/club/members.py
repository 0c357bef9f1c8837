"""A club member as the club file keeps them, and the rules for what may be written in each field.

The member id is the club's own number for a person: given by the club (or by the TD), stable, and
never handed out again, not even after a merge or an erasure. The handle is the random id the website
shows instead of it: a member id, an email or a phone never leaves the laptop.
"""

from __future__ import annotations

import datetime as dt
import sqlite3
from dataclasses import dataclass
from typing import Any

from ..core.arithmetic.names import search_key, tidy
from ..core.protocol.errors import TourneyError
from ..core.rules.entries import CONTACT_MAX, clean_name

ERASED_NAME = "Erased member"
# The member ids the club gives (when none is typed) read "TD-12": a number of the club's own that no member
# card, spreadsheet or cashier's typing uses, so that "12" typed for someone is never taken for another.
CLUB_ID_PREFIX = "TD-"
FIELDS = ("name", "nickname", "member_id", "email", "phone", "notes", "joined")
# What The Tournament Director 3 knew of a person besides (club/td3.py): the parts of the name it keeps
# apart, a second e-mail and phone, its ID field (OptID) and its UUID, which finds them again in every save.
TD3_FIELDS = ("first_name", "last_name", "email2", "phone2", "td3_id", "td3_uuid")
NOTES_MAX = 2000


@dataclass(frozen=True, slots=True)
class Member:
    id: int
    member_id: str
    name: str
    nickname: str | None
    email: str | None
    phone: str | None
    notes: str | None
    joined: str | None
    handle: str
    erased: bool
    merged_into: int | None
    confirmed: bool = True  # False: new tonight, recorded from a night, a member once the TD confirms them
    first_name: str | None = None
    last_name: str | None = None
    email2: str | None = None
    phone2: str | None = None
    td3_id: str | None = None
    td3_uuid: str | None = None

    @classmethod
    def from_row(cls, row: sqlite3.Row) -> Member:
        return cls(row["id"], row["member_id"], row["name"], row["nickname"], row["email"], row["phone"],
                   row["notes"], row["joined"], row["handle"], bool(row["erased"]), row["merged_into"],
                   bool(row["confirmed"]), *(row[key] for key in TD3_FIELDS))

    def to_dict(self) -> dict[str, Any]:
        return {"member_id": self.member_id, "name": self.name, "nickname": self.nickname, "email": self.email,
                "phone": self.phone, "notes": self.notes, "joined": self.joined, "handle": self.handle,
                "erased": self.erased, **{key: getattr(self, key) for key in TD3_FIELDS}}

    @property
    def key(self) -> str:
        return member_key(self.name, self.nickname, self.member_id)


def member_key(name: str, nickname: str | None, member_id: str) -> str:
    """What the find box compares: name, nickname and member id, accents, case and spacing aside."""
    return search_key(" ".join(part for part in (name, nickname or "", member_id) if part))


def clean_fields(raw: dict[str, Any]) -> dict[str, str | None]:
    """Each field given, checked and tidied: a refusal names the field; "" clears an optional one."""
    out: dict[str, str | None] = {}
    for key in (*FIELDS, *TD3_FIELDS):
        if key not in raw:
            continue
        value = raw[key]
        if key == "name":
            out[key] = clean_name(value)
        elif key in ("first_name", "last_name") and value:
            out[key] = clean_name(value, key.replace("_", " "))
        elif value is None or (isinstance(value, str) and not value.strip()):
            if key == "member_id":
                raise TourneyError("FIELD_INVALID", "A member id cannot be empty", field=key, rule="member_id_empty")
            out[key] = None
        elif key == "nickname":
            out[key] = clean_name(value, "nickname")
        elif key == "member_id":
            out[key] = clean_member_id(value)
        elif key == "joined":
            out[key] = clean_date(value, key)
        else:
            limit = NOTES_MAX if key == "notes" else CONTACT_MAX
            if not isinstance(value, str) or len(value) > limit or any(ord(c) < 32 and c not in "\n\t" for c in value):
                raise TourneyError("FIELD_INVALID", f"The {key} must be text of at most {limit} characters", field=key,
                                   limit=limit, rule="text_too_long")
            out[key] = value.strip() if key == "notes" else tidy(value)
    return out


def clean_member_id(value: Any) -> str:
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    if not isinstance(value, str) or not value.strip() or len(value.strip()) > 32 \
            or any(c.isspace() or ord(c) < 32 for c in value.strip()):
        raise TourneyError("FIELD_INVALID", f"A member id is a short code without spaces, not {value!r}",
                           field="member_id", value=str(value), rule="member_id_form")
    return value.strip()


def clean_date(value: Any, field: str) -> str:
    """An ISO date (2026-12-01); a day-first date as clubs write it (01/12/2026) is read too."""
    if isinstance(value, str):
        text = value.strip()
        for pattern in ("%Y-%m-%d", "%d/%m/%Y", "%d.%m.%Y"):
            try:
                return dt.datetime.strptime(text, pattern).date().isoformat()
            except ValueError:
                continue
    raise TourneyError("FIELD_INVALID", f"The {field} must be a date like 2026-12-01, not {value!r}", field=field,
                       value=str(value), rule="date_form")
