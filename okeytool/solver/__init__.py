"""Solvers, one wing per game above a shared meld kit.

* :mod:`okeytool.solver.melds`: what every game shares: candidate melds (templates), the validator,
  melds on the table, the exact meld search, CP-SAT settings and the typed results.
* :mod:`okeytool.solver.classic`: classic and okey.gg hands: check, waits and the discard ranking
  (with the cover programme), seven pairs, the CP-SAT model of meld hands.
* :mod:`okeytool.solver.okey101`: Okey 101: openings (search and model), taking a discard,
  lay-offs and 101 discards.
* :mod:`okeytool.solver.rummikub`: Rummikub-style plays (model and result).
"""
