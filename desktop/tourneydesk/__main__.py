"""`python -m tourneydesk` is the `tourneydesk` command (and the frozen bundle's entry point)."""

import sys

from tourneydesk.cli import main

if __name__ == "__main__":
    sys.exit(main())
