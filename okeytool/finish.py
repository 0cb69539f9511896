"""How a round was won, and the multiplier each finish carries.

Classic and okey.gg (rules.md 3.2), :class:`Finish`:

* ``normal``: a meld hand, any finishing discard but a real okey (discarding F is normal);
* ``okey``: okey atmak, the finishing discard is a real okey: doubled;
* ``pairs``: seven pairs: doubled;
* ``pairs+okey``: both: x4, or x2 when ``stack_multipliers`` is off.

Okey 101 (rules.md 5.4, 5.6, 5.7), :class:`Finish101`: ``normal``, ``okey`` (the last discard a real
okey), ``elden`` (going out in one turn before anyone else opened), ``elden+okey`` and ``aborted``.

>>> from okeytool.rules import get_rules
>>> Finish.of(pairs=True, okey_finish=True).multiplier(get_rules("classic"))
4
>>> Finish101("elden+okey").okey_finish
True
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
    def of(cls, *, pairs: bool, okey_finish: bool) -> Finish:
        """The finish of a winning hand (seven ``pairs`` or melds) and whether its last discard was a real okey."""
        if pairs:
            return cls.PAIRS_OKEY if okey_finish else cls.PAIRS
        return cls.OKEY if okey_finish else cls.NORMAL

    @property
    def doublings(self) -> int:
        """How many doublings the finish carries (0, 1 or 2)."""
        return {Finish.NORMAL: 0, Finish.OKEY: 1, Finish.PAIRS: 1, Finish.PAIRS_OKEY: 2}[self]

    def multiplier(self, rules: Rules) -> int:
        """1, 2 or 4; doublings multiply unless ``rules.stack_multipliers`` is off (then at most 2)."""
        return rules.multiplier(self.doublings)


class Finish101(Enum):
    """The ways an Okey 101 round ends."""

    NORMAL = "normal"
    OKEY = "okey"
    ELDEN = "elden"
    ELDEN_OKEY = "elden+okey"
    ABORTED = "aborted"

    @property
    def okey_finish(self) -> bool:
        """True when the winner's last discard was a real okey (it doubles the round)."""
        return self in (Finish101.OKEY, Finish101.ELDEN_OKEY)

    @property
    def elden(self) -> bool:
        """True for going out in one turn before anyone else opened (rules.md 5.4)."""
        return self in (Finish101.ELDEN, Finish101.ELDEN_OKEY)

    @property
    def counted(self) -> bool:
        """False for an aborted round: it is replayed and does not count toward the match (rules.md 5.7)."""
        return self is not Finish101.ABORTED
