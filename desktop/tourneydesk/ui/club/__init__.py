"""The club's windows and the tournament's link to the club file (never required by the tournament)."""
