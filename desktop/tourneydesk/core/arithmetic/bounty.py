"""Bounties: fixed and progressive knockouts, shared by several eliminators (docs/rules.md: bounties).

Fixed: the eliminators take the whole bounty on the busted head, split equally, the odd minor units
one each to the first of `by` (the earliest position, as GGPoker publishes it). Progressive: each
eliminator's share pays floor(share x cash_share_bp / 10000) in cash and the rest goes onto that
eliminator's own head. Invariant: cash awarded + bounties on heads + forfeited = bounty parts paid.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..protocol import payloads
from ..state import State


def split_equally(amount: int, ways: int) -> list[int]:
    base, odd = divmod(amount, ways)
    return [base + (1 if i < odd else 0) for i in range(ways)]


def awards_for(state: State, head: int, by: list[str], heads_now: dict[str, int]) -> list[payloads.Award]:
    """What each eliminator takes from a busted head of `head` minor units."""
    if head <= 0 or not by or not state.config.is_bounty_event:
        return []
    progressive = state.config.bounty.kind == "progressive"
    bp = state.config.bounty.cash_share_bp
    awards: list[payloads.Award] = []
    for to, share in zip(by, split_equally(head, len(by)), strict=True):
        cash = share * bp // 10_000 if progressive else share
        awards.append({"to": to, "cash": cash, "to_head": share - cash})
        heads_now[to] = heads_now.get(to, state.entries[to].bounty) + share - cash
    return awards


def apply_awards(state: State, busted: str, awards: Sequence[payloads.Award]) -> None:
    state.entries[busted].bounty = 0
    for award in awards:
        winner = state.entries[award["to"]]
        winner.bounty_won += award["cash"]
        winner.bounty += award["to_head"]


def collect_own(state: State, entry_id: str) -> None:
    """The winner (and, after a deal that ends play, every remaining entry) collects their own bounty."""
    entry = state.entries[entry_id]
    entry.bounty_won += entry.bounty
    entry.bounty = 0


def forfeit(state: State, entry_id: str) -> None:
    entry = state.entries[entry_id]
    state.money.bounty_forfeited += entry.bounty
    entry.bounty = 0


def bounty_paid(state: State) -> int:
    return sum(e.bounty_won for e in state.entries.values())

