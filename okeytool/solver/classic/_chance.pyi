"""Type stub of the compiled chance recursion (okeytool/solver/classic/_chance.c)."""

from collections.abc import Callable, Sequence

from okeytool.solver.classic._cover import Table

# The constants the recursion was built with (checked at import by okeytool.solver.classic.chance).
FACES: int
SLOTS: int
WILD_SLOT: int
PAIRS: int
WILDS: int
# The most bytes of freed maps kept for the next kernels and solvers (0: none kept).
SPARE_BYTES: int

class Solver:
    def solve(
        self,
        state: Sequence[int],
        draws: int,
        budget: float,
        info: Callable[[tuple[int, ...]], tuple[int, int, int]],
        deficiency: Callable[[tuple[int, ...]], int],
        work: int = -1,
        fact_cost: int = 0,
    ) -> tuple[float, float, bool]: ...
    def size(self) -> int: ...
    def work(self) -> int: ...

class Kernel:
    def __init__(
        self,
        table: Table,
        supply: Sequence[int],
        size: int,
        wilds: int,
        pairs: bool,
        points: Sequence[int],
        walks: int,
        certify: bool = True,
    ) -> None: ...
    def solver(
        self,
        left: Sequence[int],
        scale: float,
        swap: bool,
        exact: bool = False,
        origin: tuple[int, ...] | None = None,
        allowance: int = 0,
        shortcuts: bool = True,
    ) -> Solver: ...
    def known(self) -> int: ...
    def info(
        self,
        state: Sequence[int],
        info: Callable[[tuple[int, ...]], tuple[int, int, int]],
        deficiency: Callable[[tuple[int, ...]], int],
    ) -> tuple[int, int, int]: ...
    def rows(
        self,
        state: Sequence[int],
        slots: Sequence[int],
        info: Callable[[tuple[int, ...]], tuple[int, int, int]],
        deficiency: Callable[[tuple[int, ...]], int],
    ) -> list[tuple[int, int, int, int]]: ...
    def kept(
        self,
        after: Sequence[int],
        bound: int,
        info: Callable[[tuple[int, ...]], tuple[int, int, int]],
        deficiency: Callable[[tuple[int, ...]], int],
    ) -> list[tuple[int, ...]]: ...
