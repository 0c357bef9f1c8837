"""The rules: one module per concern, each holding its commands' two halves, `decide` and `apply`.

Registration and entries, eliminations, seating and balancing with the plan behind them, the clock's
controls, the floor, chip counts, the house's edits, the cashier's payouts and undo.
"""
