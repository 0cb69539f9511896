"""Classic and okey.gg hands (rules.md sections 3 and 4): check, waits, discards, seven pairs, the CP-SAT model."""
