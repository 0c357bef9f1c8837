"""The club between nights: members, templates, results and leagues, in one club file per club.

Nothing in a tournament needs this package to be present or its file reachable: a night runs without
it, and records its results here when the club file can be written.
"""

from .service import ClubService

__all__ = ["ClubService"]
