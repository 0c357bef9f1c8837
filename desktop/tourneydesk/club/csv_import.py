"""Members from a spreadsheet: the columns guessed, shown for the TD to correct, every row checked.

`preview(data, mapping=None, existing=...)` reads the CSV (UTF-8, or Windows-1252 as old spreadsheets
save it; comma, semicolon or tab), guesses which column holds what from the header, and checks every
row as the club would: a row with a problem is reported by its spreadsheet row number ("row 14: two
members have member id 1203") and left out. Nothing is written: the service imports the good rows
only when the TD confirms (`import_members`).
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field
from typing import Any

from ..core.arithmetic.names import search_key
from ..core.protocol.errors import TourneyError
from .members import FIELDS, clean_fields

# Header words (accents and case aside) that name each field, in English and French.
HEADERS: dict[str, tuple[str, ...]] = {
    "name": ("name", "full name", "player", "nom", "nom complet", "joueur"),
    "nickname": ("nickname", "nick", "alias", "surnom", "pseudo"),
    "member_id": ("member id", "member_id", "member", "id", "membership", "number", "no", "numero",
                  "numero de membre", "n°", "licence"),
    "email": ("email", "e-mail", "mail", "courriel"),
    "phone": ("phone", "telephone", "tel", "mobile", "portable"),
    "notes": ("notes", "note", "comment", "comments", "remarque", "remarques"),
    "joined": ("joined", "date joined", "member since", "since", "inscrit le", "adhesion", "date d'adhesion"),
}
FIRST_NAME = ("first name", "firstname", "given name", "prenom")
LAST_NAME = ("last name", "lastname", "surname", "family name", "nom de famille")
MAX_BYTES = 20_000_000


@dataclass(slots=True)
class Preview:
    header: list[str]
    mapping: dict[str, int | list[int]]  # field -> column (or [first, last] columns for the name)
    rows: list[dict[str, Any]] = field(default_factory=list)  # the good rows, fields cleaned, with "row"
    problems: list[str] = field(default_factory=list)  # "row 14: ..."
    sample: list[list[str]] = field(default_factory=list)  # the first rows as read, for the preview

    def to_dict(self) -> dict[str, Any]:
        return {"header": self.header, "mapping": self.mapping, "rows": self.rows, "problems": self.problems}


def decode(data: bytes) -> str:
    if len(data) > MAX_BYTES:
        raise TourneyError("CSV_INVALID", f"The file is {len(data) // 1_000_000} MB: a member list is far smaller")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


def read_table(text: str) -> list[list[str]]:
    # The separator is the one the header line uses most: column names hold no commas or semicolons,
    # whereas a note further down may hold both (the csv module's sniffer guesses wrong on those).
    header = text.split("\n", 1)[0]
    delimiter = max(",;\t", key=header.count)
    try:
        rows = list(csv.reader(io.StringIO(text), delimiter=delimiter))
    except csv.Error as exc:  # a line break alone inside a field: a database or a picture, not a list
        raise TourneyError("CSV_INVALID", "The file cannot be read as a member list: save the list from the "
                           "spreadsheet as CSV and import that") from exc
    if not rows or not any(cell.strip() for cell in rows[0]):
        raise TourneyError("CSV_INVALID", "The file is empty: the first line must name the columns")
    return rows


def guess_mapping(header: list[str]) -> dict[str, int | list[int]]:
    keys = [search_key(h).strip(" :") for h in header]
    mapping: dict[str, int | list[int]] = {}
    for name, words in HEADERS.items():
        for i, key in enumerate(keys):
            if key in words and i not in mapping.values():
                mapping[name] = i
                break
    if "name" not in mapping:
        first = next((i for i, k in enumerate(keys) if k in FIRST_NAME), None)
        last = next((i for i, k in enumerate(keys) if k in LAST_NAME), None)
        if first is not None and last is not None:
            mapping["name"] = [first, last]
    return mapping


def check_mapping(mapping: dict[str, Any], width: int) -> dict[str, int | list[int]]:
    out: dict[str, int | list[int]] = {}
    for key, column in mapping.items():
        if key not in FIELDS:
            raise TourneyError("CSV_MAPPING_INVALID", f"There is no member field {key!r}", field=key)
        columns = column if isinstance(column, list) else [column]
        if not columns or not all(isinstance(c, int) and not isinstance(c, bool) and 0 <= c < width for c in columns):
            raise TourneyError("CSV_MAPPING_INVALID", f"The {key} column must be one of the file's {width} columns",
                               field=key)
        out[key] = column
    if "name" not in out:
        raise TourneyError("CSV_MAPPING_INVALID", "Say which column holds the name", field="name")
    return out


def preview(data: bytes | str, mapping: dict[str, Any] | None = None, *,
            existing: dict[str, str] | None = None) -> Preview:
    """`existing`: member id -> name of the members the club has already (an import never overwrites one)."""
    table = read_table(decode(data) if isinstance(data, bytes) else data)
    header, body = table[0], table[1:]
    width = len(header)
    chosen = check_mapping(mapping if mapping is not None else guess_mapping(header), width)
    out = Preview(header, chosen, sample=body[:10])
    raws: list[tuple[str, dict[str, Any]]] = []
    for number, cells in enumerate(body, start=2):  # the spreadsheet's own row numbers: 1 is the header
        if not any(c.strip() for c in cells):
            continue
        raw: dict[str, Any] = {}
        for key, column in chosen.items():
            columns = column if isinstance(column, list) else [column]
            raw[key] = " ".join(cells[c].strip() for c in columns if c < len(cells) and cells[c].strip())
        raws.append((f"row {number}", raw))
    out.rows, out.problems = check_rows(raws, existing or {})
    return out


def check_rows(raws: list[tuple[str, dict[str, Any]]], existing: dict[str, str]) -> tuple[list[dict[str, Any]],
                                                                                         list[str]]:
    """Each member row checked as the club would, named by `where` ("row 14"): the good rows (with "row"
    holding the number when `where` is a row), and one line per problem."""
    rows: list[dict[str, Any]] = []
    problems: list[str] = []
    seen_ids: dict[str, str] = {}
    seen_names: dict[str, str] = {}
    for where, raw in raws:
        if raw.get("member_id", "") == "":
            raw = {k: v for k, v in raw.items() if k != "member_id"}
        try:
            fields = clean_fields(raw)
            if "name" not in fields:
                raise TourneyError("NAME_INVALID", "The name is empty", field="name")
        except TourneyError as exc:
            problems.append(f"{where}: {exc.message}")
            continue
        member_id = fields.get("member_id")
        if member_id is not None:
            if member_id in seen_ids:
                first, this = seen_ids[member_id].removeprefix("row "), where.removeprefix("row ")
                problems.append(f"{where}: two members have member id {member_id} (rows {first} and {this})"
                                if where.startswith("row ") else f"{where}: two members have member id {member_id}")
                continue
            if member_id in existing and search_key(existing[member_id]) != search_key(str(fields["name"])):
                problems.append(f"{where}: member id {member_id} is already {existing[member_id]}'s")
                continue
            seen_ids[member_id] = where
        key = search_key(str(fields["name"]))
        if key in seen_names and member_id is None:
            problems.append(f"{where}: {fields['name']} is already on {seen_names[key]}; give each a member id if "
                            "they are two people")
            continue
        seen_names.setdefault(key, where)
        number = where.removeprefix("row ")
        rows.append({"row": int(number), **fields} if number.isdigit() else dict(fields))
    return rows, problems


def export(members: list[dict[str, Any]]) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    columns = ("member_id", "name", "nickname", "email", "phone", "notes", "joined")
    writer.writerow(columns)
    for m in members:
        writer.writerow([m.get(c) or "" for c in columns])
    return buffer.getvalue()
