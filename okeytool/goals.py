"""What an answer is ordered by, stated once for the solvers, the questions and the command line.

* :data:`PlayGoal`: a Rummikub play lays the most tiles (``tiles``) or the most value (``value``).
* :data:`ChanceGoal`: a chance ranking orders the throws by win chance (``chance``) or by expected
  points (``points``), rules.md 4.1.

>>> PLAY_GOALS, CHANCE_GOALS
(('tiles', 'value'), ('chance', 'points'))
"""

from __future__ import annotations

from typing import Literal

PlayGoal = Literal["tiles", "value"]
PLAY_GOALS: tuple[PlayGoal, ...] = ("tiles", "value")
ChanceGoal = Literal["chance", "points"]
CHANCE_GOALS: tuple[ChanceGoal, ...] = ("chance", "points")
