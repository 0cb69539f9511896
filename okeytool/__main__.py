"""``python -m okeytool``."""

from okeytool.cli import main

main()
