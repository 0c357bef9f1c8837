"""The frozen program's entry point: the `tourneydesk` command, exactly as the wheel installs it."""

import multiprocessing
import sys

from tourneydesk.cli import main

if __name__ == "__main__":
    multiprocessing.freeze_support()  # a frozen program that ever starts a process must say so first
    sys.exit(main())
