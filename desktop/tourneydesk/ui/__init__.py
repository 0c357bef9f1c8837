"""The Qt layer: windows, widgets and models over the Desk. Only this package imports Qt."""
