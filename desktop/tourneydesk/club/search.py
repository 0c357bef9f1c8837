"""Finding a member by any part of the name, nickname or member id, accents, case and spacing aside.

One search key per member, built once; a keystroke is one substring test per member (5,000 members in
about a millisecond). Names that begin with what was typed come first, then the others, by name.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..core.arithmetic.names import search_key
from .members import Member


class MemberIndex:
    def __init__(self, members: Iterable[Member]) -> None:
        live = sorted((m for m in members if m.merged_into is None and not m.erased),
                      key=lambda m: (search_key(m.name), m.member_id))
        self.members = live
        self._keys = [m.key for m in live]
        self._names = [search_key(m.name) for m in live]
        self._by_member_id = {m.member_id: m for m in live}

    def __len__(self) -> int:
        return len(self.members)

    def by_member_id(self, member_id: str) -> Member | None:
        return self._by_member_id.get(member_id)

    def find(self, text: str, limit: int | None = 50) -> list[Member]:
        needle = search_key(text)
        if not needle:
            return self.members[:limit] if limit is not None else list(self.members)
        first: list[Member] = []
        then: list[Member] = []
        for member, key, name in zip(self.members, self._keys, self._names, strict=True):
            if needle in key:
                (first if name.startswith(needle) or member.member_id == text.strip() else then).append(member)
        found = first + then
        return found[:limit] if limit is not None else found
