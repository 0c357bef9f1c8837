"""The rules of a poker tournament, as pure Python: no Qt, no SQLite, no clock, no random source.

Every module holds one concern and is a pair of `decide` functions (validate a command against the
state, return the events that record what was decided) and `apply` functions (fold an event into the
state, with no choices left to make).
"""
