"""Rendering of results for people (rich). The library never prints; only the CLI calls these."""
