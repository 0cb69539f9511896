"""Command-line commands, one module per command or command group (see okeytool.cli)."""
