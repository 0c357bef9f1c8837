"""Members from a spreadsheet: the columns guessed, shown for the TD to correct, every row checked.

`preview(data, mapping=None, existing=...)` reads the CSV (UTF-8, or Windows-1252 as old spreadsheets
save it; comma, semicolon or tab), guesses which column holds what from the header, and checks every
row as the club would: a row with a problem is reported by its spreadsheet row number ("row 14: two
members have member id 1203") and left out. Nothing is written: the service imports the good rows
only when the TD confirms (`import_members`).
"""

from __future__ import annotations

import codecs
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
# The name headers that, beside a first-name column, hold the family name only (French "Nom;Prénom").
SURNAME_TOO = ("name", "nom")
MAX_BYTES = 20_000_000
CELL_MAX = 16_384  # a note is at most 2,000 characters; a longer cell is a quotation mark left open
# A cell that begins with one of these is a formula to a spreadsheet (=HYPERLINK(...), +cmd|..., @SUM(...),
# -2+3): the export writes it with an apostrophe first, as spreadsheets take text, and the import reads it back.
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


@dataclass(slots=True)
class Preview:
    header: list[str]
    mapping: dict[str, int | list[int]]  # field -> column (or [first, last] columns for the name)
    rows: list[dict[str, Any]] = field(default_factory=list)  # the good rows, fields cleaned, with "row"
    refusals: list[TourneyError] = field(default_factory=list)  # each row left out, and why (its `row`)
    sample: list[list[str]] = field(default_factory=list)  # the first rows as read, for the preview

    @property
    def problems(self) -> list[str]:
        """The rows left out, in the shell's words: "row 14: ..."."""
        return [refusal.message for refusal in self.refusals]

    def to_dict(self) -> dict[str, Any]:
        return {"header": self.header, "mapping": self.mapping, "rows": self.rows, "problems": self.problems}


def decode(data: bytes) -> str:
    """The file's text: UTF-8, UTF-16 ("Unicode text" as Excel saves it, with or without its byte-order mark)
    or Windows-1252; a file that is no text at all (a spreadsheet's own .xlsx or .ods, a picture) is refused."""
    if len(data) > MAX_BYTES:
        raise TourneyError("CSV_INVALID", f"The file is {len(data) // 1_000_000} MB: a member list is far smaller",
                           megabytes=len(data) // 1_000_000, rule="too_big")
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        encoding = "utf-16"
    elif len(data) >= 4 and data[1] == 0 and data[3] == 0 and data[0] != 0:
        encoding = "utf-16-le"  # saved without its mark: every other byte of Latin text is zero
    elif len(data) >= 4 and data[0] == 0 and data[2] == 0 and data[1] != 0:
        encoding = "utf-16-be"
    else:
        encoding = ""
    if data.startswith((b"PK\x03\x04", b"\xd0\xcf\x11\xe0")):
        raise TourneyError("CSV_NOT_TEXT", "The file is a spreadsheet's own file (.xlsx, .ods or .xls), not a CSV: "
                           "save it from the spreadsheet as CSV and import that", rule="spreadsheet")
    try:
        text = data.decode(encoding) if encoding else data.decode("utf-8-sig")
    except UnicodeDecodeError:
        if encoding:
            raise TourneyError("CSV_NOT_TEXT", f"The file begins as {encoding.upper()} text but is not: save it "
                               "again as CSV (UTF-8)", encoding=encoding.upper(), rule="broken_text") from None
        text = data.decode("cp1252", errors="replace")
    binary = sum(1 for c in text[:65536] if ord(c) < 32 and c not in "\t\n\r\f")
    if "\x00" in text or binary > 8:
        raise TourneyError("CSV_NOT_TEXT", "The file is not text (it holds binary bytes): a member list is a CSV "
                           "file, saved from the spreadsheet as CSV", rule="binary")
    return text.lstrip("\ufeff")


def read_table(text: str) -> list[list[str]]:
    # Line ends as any system writes them (\r\n, \n, or an old Mac's bare \r) are one line end.
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    # The separator is the one the header line uses most: column names hold no commas or semicolons,
    # whereas a note further down may hold both (the csv module's sniffer guesses wrong on those).
    header = text.split("\n", 1)[0]
    delimiter = max(",;\t", key=header.count)
    rows = []
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    while True:
        try:
            row = next(reader)
        except StopIteration:
            break
        except csv.Error as exc:
            if "field larger than field limit" in str(exc):  # the csv module's own limit, 128 KB
                raise _too_big(reader.line_num, csv.field_size_limit()) from exc
            raise TourneyError("CSV_INVALID", f"row {reader.line_num}: the file cannot be read as CSV there "
                               f"({exc})", row=reader.line_num, rule="unreadable_row") from exc
        big = next((c for c in row if len(c) > CELL_MAX), None)
        if big is not None:
            raise _too_big(reader.line_num, len(big))
        rows.append([_unescaped(cell) for cell in row])
    if not rows or not any(cell.strip() for cell in rows[0]):
        raise TourneyError("CSV_INVALID", "The file is empty: the first line must name the columns", rule="empty")
    return rows


def _too_big(row: int, size: int) -> TourneyError:
    return TourneyError("CSV_INVALID", f"row {row}: a cell of {size // 1024} KB or more; a member's field is a few "
                        "lines at most (is a quotation mark left open above it?)", row=row, kilobytes=size // 1024,
                        rule="big_cell")


def _unescaped(cell: str) -> str:
    """A cell as the export wrote it: the apostrophe it put before a formula's first character taken off."""
    return cell[1:] if cell.startswith("'") and cell.lstrip("'").startswith(FORMULA_START) else cell


def _escaped(value: str) -> str:
    # '=x' is written ''=x, so that reading it back takes off only the apostrophe the export put there.
    return f"'{value}" if value.lstrip("'").startswith(FORMULA_START) else value


def guess_mapping(header: list[str]) -> dict[str, int | list[int]]:
    keys = [search_key(h).strip(" :") for h in header]
    mapping: dict[str, int | list[int]] = {}
    for name, words in HEADERS.items():
        for i, key in enumerate(keys):
            if key in words and i not in mapping.values():
                mapping[name] = i
                break
    first = next((i for i, k in enumerate(keys) if k in FIRST_NAME), None)
    last = next((i for i, k in enumerate(keys) if k in LAST_NAME), None)
    if first is not None:
        named = mapping.get("name")
        if last is None and isinstance(named, int) and keys[named] in SURNAME_TOO:
            last = named  # "Nom" beside "Prénom" is the family name
        if last is not None and named in (None, last):
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
        raise TourneyError("CSV_MAPPING_INVALID", "Say which column holds the name", field="name", rule="name")
    return out


def preview(data: bytes | str, mapping: dict[str, Any] | None = None, *,
            existing: dict[str, str] | None = None) -> Preview:
    """`existing`: member id -> name of the members the club has already (an import never overwrites one)."""
    table = read_table(decode(data) if isinstance(data, bytes) else data)
    header, body = table[0], table[1:]
    width = len(header)
    chosen = check_mapping(mapping if mapping is not None else guess_mapping(header), width)
    out = Preview(header, chosen, sample=body[:10])
    raws: list[tuple[int, dict[str, Any]]] = []
    for number, cells in enumerate(body, start=2):  # the spreadsheet's own row numbers: 1 is the header
        if not any(c.strip() for c in cells):
            continue
        raw: dict[str, Any] = {}
        for key, column in chosen.items():
            columns = column if isinstance(column, list) else [column]
            raw[key] = " ".join(cells[c].strip() for c in columns if c < len(cells) and cells[c].strip())
        raws.append((number, raw))
    out.rows, out.refusals = check_rows(raws, existing or {})
    return out


def check_rows(raws: list[tuple[int, dict[str, Any]]], existing: dict[str, str]
               ) -> tuple[list[dict[str, Any]], list[TourneyError]]:
    """Each member row checked as the club would, by the spreadsheet's row number: the good rows (with "row"
    holding the number), and a refusal per row left out, its `row` the number."""
    rows: list[dict[str, Any]] = []
    problems: list[TourneyError] = []
    seen_ids: dict[str, int] = {}
    seen_names: dict[str, int] = {}
    for where, raw in raws:
        if raw.get("member_id", "") == "":
            raw = {k: v for k, v in raw.items() if k != "member_id"}
        try:
            fields = clean_fields(raw)
            if "name" not in fields:
                raise TourneyError("NAME_INVALID", "The name is empty", field="name", rule="empty")
        except TourneyError as exc:
            problems.append(TourneyError(exc.code, f"row {where}: {exc.message}", **{**exc.params, "row": where}))
            continue
        member_id = fields.get("member_id")
        if member_id is not None:
            if member_id in seen_ids:
                first = seen_ids[member_id]
                problems.append(TourneyError("MEMBER_ID_TWICE", f"row {where}: two members have member id "
                                             f"{member_id} (rows {first} and {where})", row=where, first=first,
                                             member_id=member_id))
                continue
            if member_id in existing and search_key(existing[member_id]) != search_key(str(fields["name"])):
                problems.append(TourneyError("MEMBER_ID_TAKEN", f"row {where}: member id {member_id} is already "
                                             f"{existing[member_id]}'s", row=where, member=member_id,
                                             name=existing[member_id], rule="listed"))
                continue
            seen_ids[member_id] = where
        key = search_key(str(fields["name"]))
        if key in seen_names and member_id is None:
            problems.append(TourneyError("NAME_TWICE", f"row {where}: {fields['name']} is already on row "
                                         f"{seen_names[key]}; give each a member id if they are two people", row=where,
                                         name=fields["name"], first=seen_names[key]))
            continue
        seen_names.setdefault(key, where)
        rows.append({"row": where, **fields})
    return rows, problems


@dataclass(frozen=True, slots=True)
class Exported:
    text: str
    members: int  # the rows written, one per member
    escaped: int  # the cells written with an apostrophe first, so that no spreadsheet runs them


def export(members: list[dict[str, Any]]) -> Exported:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    columns = ("member_id", "name", "nickname", "email", "phone", "notes", "joined")
    writer.writerow(columns)
    escaped = 0
    for m in members:
        cells = [str(m.get(c) or "") for c in columns]
        written = [_escaped(cell) for cell in cells]
        escaped += sum(1 for a, b in zip(cells, written, strict=True) if a != b)
        writer.writerow(written)
    return Exported(buffer.getvalue(), len(members), escaped)
