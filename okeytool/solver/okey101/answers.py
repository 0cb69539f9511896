"""The 101 ``open`` answer: the opening analysis, the table it was asked against, and what taking
the previous player's discard would allow."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from okeytool.deal import Deal

if TYPE_CHECKING:
    from okeytool.solver.okey101.layoffs import TableMeld
    from okeytool.solver.okey101.opening import OpeningResult
    from okeytool.solver.okey101.take import TakeDiscard


@dataclass(frozen=True)
class OpenAnswer:
    """The ``open`` answer: the opening analysis, the table it was asked against, and (``take``) what
    taking the previous player's discard would allow."""

    deal: Deal
    result: OpeningResult
    table: tuple[TableMeld, ...]
    take: TakeDiscard | None

    def to_json(self) -> dict[str, Any]:
        """cli.md's ``open`` document, with ``take`` when a discard to take was named."""
        document = self.result.to_json()
        if self.take is not None:
            document["take"] = self.take.to_json()
        return document
