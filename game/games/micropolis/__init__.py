"""Micropolis (Cathala & Chevallier): pure-Python rules core.

- ``rules.get_rules()``: the Rules object (contract in game/core/rules.py).
- ``state``: State, Anthill and the Action classes (Take, PlaceEnd, FillBarracks, Sentry, ChooseLeader).
- ``scoring.galleries(slots, tiles)``: galleries of one anthill (for drawing connections).
- ``scoring.anthill_breakdown(s, anthill)``: live score preview of one anthill.
"""
