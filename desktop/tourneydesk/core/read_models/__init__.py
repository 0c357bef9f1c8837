"""What the windows, the phones and the club read of the state: plain data built from it, never the
state's own objects (the snapshot, one person or entry, the cashier's books, the room's news, names found).
"""
