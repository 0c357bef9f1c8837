"""The outbox pusher: sends the event log, private fields removed, to the results website."""
