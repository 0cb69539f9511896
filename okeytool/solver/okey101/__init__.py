"""Okey 101 (rules.md section 5): openings, taking a discard, lay-offs and 101 discards."""
