"""The venue's own network: players' phones, the TD's remote, a second cashier and extra screens.

The laptop serves pages on the venue's Wi-Fi. The server never runs a command itself: it hands each one
to the Desk on the desk's own thread (`runner`) and answers with its result or refusal; what changed goes
out to every open page as server-sent events (`stream`). Players' pages read only a whitelisted public
view (`view`); writing takes a paired device's token of the right role (`pairing`).
"""
