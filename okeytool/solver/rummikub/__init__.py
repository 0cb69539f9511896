"""Rummikub-style tables (rules.md section 6): plays with table rearrangement."""
