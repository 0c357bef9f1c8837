"""TourneyDesk: runs a live poker tournament at a venue with no internet."""

__version__ = "0.1.0"
