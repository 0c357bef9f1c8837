"""The tournament editor: every setting the config holds, for a new tournament or the one open."""

from .dialog import TournamentEditor

__all__ = ["TournamentEditor"]
