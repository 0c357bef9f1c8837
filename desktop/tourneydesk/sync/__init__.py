"""The outbox pusher: sends the event log, private fields removed, to the results website.

`pusher.Pusher` does the sending (no Qt: the UI runs it on a worker thread and tells it when the
network is back), `outbox.Outbox` reads the file beside the desk, `backoff.Backoff` times the
retries, `credentials.TokenStore` keeps the website token out of the tournament file and
`command` is `tourneydesk sync`. Import the module you need: the command line starts without httpx.
"""
