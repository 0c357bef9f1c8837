"""A club file on disk in tmp_path, on a clock the test holds, with handles that are told apart."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.helpers.clock import T0
from tourneydesk.club import ClubService


@pytest.fixture
def club(tmp_path: Path) -> Iterator[ClubService]:
    numbers = itertools.count(1)
    service = ClubService.create(tmp_path / "club.tdclub", now=lambda: T0, handle=lambda: f"h{next(numbers):04d}")
    yield service
    service.close()
