"""Solvers: candidate melds, the validator, the fast exact search and the CP-SAT models."""
