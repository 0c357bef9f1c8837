"""The protocol: what crosses into and out of the rules, declared once.

The commands a desk takes and their fields, the event types that are the file format (their payloads,
what each touches for undo, what of each may leave the laptop), the plan's steps, the one error type,
and the log read as commands.
"""
