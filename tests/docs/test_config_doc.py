"""docs/config.md names every setting the config parser reads, and its examples parse."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tourneydesk import resources
from tourneydesk.core import config as config_module
from tourneydesk.core.config import parse_toml

CONFIG_DOC = Path(__file__).resolve().parents[2] / "docs" / "config.md"

# Every optional section switched on, so that the parser reads every key it knows.
EVERY_SECTION = """
name = "Every section"
starting_stack = 20000
[buy_in]
prize = 8000
bounty = 2000
fee = 1000
[registration]
until_level = 1
[reentry]
price = { prize = 8000, bounty = 2000, fee = 1000 }
[rebuy]
price = { prize = 8000, fee = 1000 }
[add_on]
at_break_after_level = 1
[early_bird]
chips = 5000
[bounty]
kind = "progressive"
[seating]
balance = { preset = "tda", tighten = { tables_at_most = 2, tolerance = 1 } }
[payouts]
table = "standard"
[[levels]]
small_blind = 100
big_blind = 200
minutes = 20
[[levels]]
break_minutes = 10
color_up = [25]
[[levels]]
small_blind = 200
big_blind = 400
minutes = 20
[[chips]]
value = 25
color = "green"
[display]
logo = "club.png"
[sync]
url = "https://results.example.org"
"""


# A flight, a Day 2 and a satellite: one file is at most one of them, so each comes on its own.
FORMATS = [
    'name = "F"\nstarting_stack = 1000\nbuy_in = { prize = 100 }\nlevels = [{ small_blind = 1, big_blind = 2, '
    'minutes = 5 }]\n' + section for section in (
        '[flight]\nevent = "e"\nevent_name = "E"\nname = "Day 1A"\nstop_percent = 10\nstop_after_level = 1\n'
        'day1_pays = true\nother_flights = "never_after_qualifying"\n',
        '[flight]\nevent = "e"\nevent_name = "E"\nname = "Day 1B"\nstop_players_left = 10\n',
        '[day2]\nevent = "e"\nevent_name = "E"\nfirst_level = 1\nseating = "chip_count"\ntwo_stacks = "first"\n',
        '[satellite]\ntarget = "Main"\ntarget_id = "e"\nseat_value = 1000\nleftover = "steps"\nstep = 100\n'
        'holder_takes_cash = false\n')]


def keys_the_parser_reads(text: str) -> set[str]:
    """The dotted names the parser asks for while reading `text` (list positions dropped)."""
    asked: set[str] = set()
    original = config_module._Reader.get

    def get(self: Any, key: str) -> Any:
        asked.add(re.sub(r"\[\d+\]", "", self.where(key)))
        return original(self, key)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(config_module._Reader, "get", get)
        parse_toml(text)
    return asked


def documented_settings() -> dict[str, set[str]]:
    """Each section of docs/config.md (`""` for the top level) and the keys its tables list."""
    sections: dict[str, set[str]] = {}
    current = None
    for line in CONFIG_DOC.read_text(encoding="utf-8").splitlines():
        heading = re.match(r"#{2,4} (.*)", line)
        if heading:
            title = heading.group(1)
            named = re.match(r"`\[{1,2}([\w.]+)\]{1,2}`|`([\w.]+)`", title)
            current = (named.group(1) or named.group(2)) if named else ("" if title == "Top level" else None)
            continue
        cell = re.match(r"\| `([\w.]+)` \|", line)
        if current is not None and cell:
            sections.setdefault(current, set()).add(cell.group(1))
    return sections


def test_every_key_the_parser_reads_is_documented_in_its_section() -> None:
    texts = [EVERY_SECTION, *FORMATS] + [path.read_text(encoding="utf-8") for path in resources.structures().values()]
    asked = set().union(*(keys_the_parser_reads(text) for text in texts))
    asked |= set(parse_toml(EVERY_SECTION).to_dict())  # the top-level tables read without the reader
    documented = documented_settings()
    missing = []
    for dotted in sorted(asked):
        section, _, key = dotted.rpartition(".")
        if section.endswith(".price"):
            section, key = "buy_in", key  # a price table: documented once, under [buy_in]
        if key not in documented.get(section, set()) and dotted not in documented:
            missing.append(dotted)  # neither a row of its section's table nor a section of its own
    assert missing == []


def test_the_reader_sees_every_section() -> None:
    asked = keys_the_parser_reads(EVERY_SECTION)
    for dotted in ("reentry.seat", "rebuy.max_stack", "add_on.at_break_after_level", "early_bird.until_level",
                   "seating.balance.tighten.tables_at_most", "levels.color_up", "chips.color",
                   "payouts.same_hand_ties"):
        assert dotted in asked


def test_the_documented_settings_that_the_code_reads_beside_the_parser() -> None:
    """[display] and [sync] are free tables: the keys the program reads are named in the doc."""
    documented = documented_settings()
    assert "logo" in documented["display"]
    assert "url" in documented["sync"]


def test_the_examples_in_the_settings_page_parse() -> None:
    blocks = re.findall(r"```toml\n(.*?)```", CONFIG_DOC.read_text(encoding="utf-8"), re.DOTALL)
    assert blocks
    for block in blocks:
        assert parse_toml(block).name
