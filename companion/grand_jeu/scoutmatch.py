"""The last look at a scout whose code the cascade could not read: its code matched, module by
module, with every scout code the kit prints (:func:`companion.cornermatch.match_code`).

A messaging app's copy of a table photo shows a scout's 0.6 mm modules with 1.2 to 1.5 pixels;
the decoder reads few of them. The kit's code is known from its corner codes, so every scout
code there can be is known too: 4 patrols of at most 8 scouts. Their modules are sampled softly
where the cell (or the prison slot) is, at the eight directions a scout may face, and the code
that agrees best is taken only when it agrees well (:data:`MIN_SCORE`) and clearly better than
every other scout's code (:data:`MIN_MARGIN`); otherwise the cell stays unreadable.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

import numpy as np

from companion.cornermatch import CornerMatch, match_code
from companion.pose import BoardPose
from patrolkit.payload import GrandJeuScout, encode
from patrolkit.sizes.grand_jeu import GrandJeu

SEARCH_MM: Final = 4.0
"""How far from the middle of a cell or a slot a scout's code centre is looked for: a scout
lies up to 1.5 mm off its cell's centre; one further than 8 mm lies across two cells (see
:data:`companion.grand_jeu.reader.ACROSS_MM`) and is never matched on either."""
TURNS_DEG: Final = tuple(float(d + j) for d in range(0, 360, 45) for j in (-4, 0, 4))
"""The turns first tried: the eight directions, and 4° either side (a scout lies up to 5° off
its direction), refined to 0.2°."""
MIN_SCORE: Final = 0.45
"""The best scout code's data modules must correlate this well with the samples.

Measured on grand jeu ``messaging`` photos (dev seeds 71000-71011): the 86 scouts matched where
the cascade read none were all right, scoring 0.584 or more (median 0.718); on 467 empty cells
(dev seeds 71000-71007) the best code never scored above 0.293."""
MIN_MARGIN: Final = 0.12
"""The best scout code must beat every other scout code of the kit by this much correlation.

Measured as :data:`MIN_SCORE`: the right codes beat the runner-up by 0.141 or more (median
0.256); on empty cells the best beat the runner-up by 0.108 at most. Both must hold."""
PATROLS: Final = ("S", "W", "N", "E")


@lru_cache(maxsize=8)
def scout_texts(kit: str) -> tuple[str, ...]:
    """The code of every scout a kit can print."""
    return tuple(
        encode(GrandJeuScout(kit, patrol, number)) for patrol in PATROLS for number in range(1, 9)
    )


def match_scout(
    gray: np.ndarray, pose: BoardPose, kit: str, centre: tuple[float, float]
) -> CornerMatch | None:
    """The scout code of kit ``kit`` matched round ``centre`` (sheet mm, through ``pose``), or
    ``None`` unless one agrees well and clearly better than every other."""
    found = match_code(
        gray,
        pose,
        np.array(centre, dtype=float),
        scout_texts(kit),
        (),
        GrandJeu.SCOUT_QR_VERSION,
        GrandJeu.SCOUT_MODULE_MM,
        SEARCH_MM,
        TURNS_DEG,
    )
    if found is None or found.score < MIN_SCORE or found.margin < MIN_MARGIN:
        return None
    return found
