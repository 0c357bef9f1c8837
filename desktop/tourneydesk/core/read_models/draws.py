"""Mystery bounties' draws as the books and the website list them: each envelope drawn, for whose knockout,
who won it and how much (docs/rules.md: mystery bounties). Read from a snapshot, the laptop's or the
public one (both carry `money.envelopes` and the entries' names), so the end-of-night report, the results
window and the website can never tell a draw differently."""

from __future__ import annotations

from typing import Any


def envelope_draws(snap: dict[str, Any]) -> list[dict[str, Any]]:
    """In the order drawn: `knocked_out` (the name of the player knocked out; None for the envelopes nobody
    drew, paid at the finish or with a deal), `amounts` (each envelope), `total`, and `won_by` (`[{name,
    cash}]`: a knockout shared by two splits its envelope)."""
    envelopes = snap["money"].get("envelopes")
    if not envelopes:
        return []
    names = {e["id"]: e["name"] for e in snap["entries"]}
    return [{"knocked_out": names.get(draw["entry"], draw["entry"]) if draw["entry"] else None,
             "amounts": list(draw["amounts"]), "total": sum(draw["amounts"]),
             "won_by": [{"name": names.get(share["entry"], share["entry"]), "cash": share["cash"]}
                        for share in draw["to"]]}
            for draw in envelopes["drawn"]]
