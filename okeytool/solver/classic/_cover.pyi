"""Type stub of the compiled cover programme (okeytool/solver/classic/_cover.c)."""

from collections.abc import Sequence

LAYOUT: int

class Table:
    def __init__(self, options: Sequence[Sequence[tuple[int, int]]]) -> None: ...
    def best(self, one: int, two: int, room: int) -> tuple[int, int]: ...
    def best_spares(self, one: int, two: int, room: int) -> tuple[int, int, int]: ...
    def certify(
        self, one: int, two: int, room: int, supply: Sequence[int], walks: int
    ) -> tuple[int, int, bool, int]: ...
    def clear(self) -> None: ...

# The constants the programme was built with (checked at import by okeytool.solver.classic.cover).
FACES: int
ANY_FACE_BIT: int
MIN_PIECE: int
WILDS: int
