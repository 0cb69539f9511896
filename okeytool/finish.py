"""How a classic round was won (rules.md 3.2), and the multiplier each finish carries.

* ``normal``: a meld hand, any finishing discard but a real okey (discarding F is normal);
* ``okey``: okey atmak, the finishing discard is a real okey: doubled;
* ``pairs``: seven pairs: doubled;
* ``pairs+okey``: both: x4, or x2 when ``stack_multipliers`` is off.

>>> from okeytool.rules import get_rules
>>> Finish.of("pairs", okey_finish=True).multiplier(get_rules("classic"))
4
"""

from __future__ import annotations

from enum import Enum

from okeytool.rules import Rules


class Finish(Enum):
    """The finish kinds of a classic / okeygg win."""

    NORMAL = "normal"
    OKEY = "okey"
    PAIRS = "pairs"
    PAIRS_OKEY = "pairs+okey"

    @classmethod
    def of(cls, kind: str, *, okey_finish: bool) -> Finish:
        """The finish of a winning hand of ``kind`` (``"melds"`` / ``"pairs"``) and its last discard."""
        if kind == "pairs":
            return cls.PAIRS_OKEY if okey_finish else cls.PAIRS
        return cls.OKEY if okey_finish else cls.NORMAL

    @property
    def doublings(self) -> int:
        """How many doublings the finish carries (0, 1 or 2)."""
        return {Finish.NORMAL: 0, Finish.OKEY: 1, Finish.PAIRS: 1, Finish.PAIRS_OKEY: 2}[self]

    def multiplier(self, rules: Rules) -> int:
        """1, 2 or 4; doublings multiply unless ``rules.stack_multipliers`` is off (then at most 2)."""
        if self.doublings == 2 and not rules.stack_multipliers:
            return 2
        return 1 << self.doublings
