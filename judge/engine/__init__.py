"""The pure rules engine: standard library only, no I/O, no clock, no database.

Everything a variant differs in reaches the engine as data (a Geography, unit kinds, a
Rulebook) or as a hook on the Rules record; nothing here assumes armies and fleets only
or the standard calendar.
"""
