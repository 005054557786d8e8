"""Play together from different machines: a headless referee (host.py) runs the one Match and sends
each guest only what its seat may see; a guest (guest.py) sends actions and keeps its latest view.

    codec.py     the game's state objects to JSON and back (an allowlist of the game's own classes)
    protocol.py  the messages, their size limits and schema checks, and each seat's view
    host.py      the referee: a websockets server, the join code, seats, reconnects, the record
    guest.py     joins a host and plays its seat (headless: by an AI level)
    table.py     a window's side: the event loop in a thread, a guest that keeps every view
    discovery.py tables on the local network (zeroconf; off in tests and CI, never imported then)

Traffic is JSON text over websockets; a guest never sends anything but a join and its actions, and
nothing a guest sends is ever unpickled or evaluated.
"""
