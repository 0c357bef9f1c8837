"""The projector display: the clock, the blinds, the field and the money, read from across the room."""

from .shots import render_display
from .window import DisplayWindow, open_display

__all__ = ["DisplayWindow", "open_display", "render_display"]
