"""The meld kit every game shares: templates, the validator, table melds, the exact search, CP-SAT settings, results."""
