"""The arithmetic the rules count with: pure functions of plain numbers and a few state objects.

The clock and its windows, money and its splits, bounties, payout tables, deals (ICM), places,
positions at a table, currencies and how a name is written.
"""
