"""The shipped data, installed as the package `tourneydesk.data`; `tourneydesk.resources` finds it."""
