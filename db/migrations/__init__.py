"""The numbered SQL migrations, installed as the package `tourneydesk.migrations`."""
