"""The outline of a piece made of rectangles, as the straight cut lines that lie on the paper.

Shared by the boards printed over several lapped sheets (Patrolis, Stratego): a sheet's piece is
its cells, its outer margins and its glue strips, and its cut lines are that union's outline.
"""

from __future__ import annotations

from collections.abc import Sequence

from patrolkit.sizes.lapped import LappedSheet


def cut_segments(
    rects: Sequence[tuple[float, float, float, float]],
    within: tuple[float, float, float, float],
) -> list[tuple[float, float, float, float]]:
    """The outline of the union of ``rects`` as straight segments ``(x1, y1, x2, y2)``, keeping
    only the parts inside ``within`` (x0, y0, x1, y1) — the rest lies off the paper."""
    xs = sorted({v for r in rects for v in (r[0], r[2])})
    ys = sorted({v for r in rects for v in (r[1], r[3])})

    def inside(i: int, j: int) -> bool:
        if not (0 <= i < len(xs) - 1 and 0 <= j < len(ys) - 1):
            return False
        cx, cy = (xs[i] + xs[i + 1]) / 2, (ys[j] + ys[j + 1]) / 2
        return any(r[0] < cx < r[2] and r[1] < cy < r[3] for r in rects)

    segments = []
    for i in range(len(xs)):
        for j in range(len(ys) - 1):
            if inside(i - 1, j) != inside(i, j):
                segments.append((xs[i], ys[j], xs[i], ys[j + 1]))
    for j in range(len(ys)):
        for i in range(len(xs) - 1):
            if inside(i, j - 1) != inside(i, j):
                segments.append((xs[i], ys[j], xs[i + 1], ys[j]))
    clipped = []
    left, top, right, bottom = within
    for x1, y1, x2, y2 in _merge(segments):
        if x1 == x2:
            if not left < x1 < right:
                continue
            y1, y2 = max(y1, top), min(y2, bottom)
            if y2 > y1:
                clipped.append((x1, y1, x2, y2))
        else:
            if not top < y1 < bottom:
                continue
            x1, x2 = max(x1, left), min(x2, right)
            if x2 > x1:
                clipped.append((x1, y1, x2, y2))
    return clipped


def _merge(
    segments: list[tuple[float, float, float, float]],
) -> list[tuple[float, float, float, float]]:
    """Join segments that continue each other on one line."""
    merged: list[tuple[float, float, float, float]] = []
    for seg in sorted(segments):
        if merged:
            x1, y1, x2, y2 = merged[-1]
            a1, b1, a2, b2 = seg
            if x1 == x2 == a1 == a2 and y2 == b1:
                merged[-1] = (x1, y1, x2, b2)
                continue
            if y1 == y2 == b1 == b2 and x2 == a1:
                merged[-1] = (x1, y1, a2, y2)
                continue
        merged.append(seg)
    return merged


def lapped_piece(
    plan: LappedSheet, far: float, glue_mm: float
) -> list[tuple[float, float, float, float]]:
    """The piece of a lapped board's sheet ``plan`` as rectangles ``(x0, y0, x1, y1)``, cell
    frame: the cells, a band along each outer edge and a square at each outer corner (reaching
    ``far`` mm out, past the page), and the glue strips ``glue_mm`` wide."""
    w, h = plan.width, plan.height
    rects = [(0.0, 0.0, w, h)]
    spans = {"N": (0.0, -far, w, 0.0), "S": (0.0, h, w, h + far)}
    spans |= {"W": (-far, 0.0, 0.0, h), "E": (w, 0.0, w + far, h)}
    rects += [spans[edge] for edge in sorted(plan.outer)]
    for ns, y0, y1 in (("N", -far, 0.0), ("S", h, h + far)):
        for we, x0, x1 in (("W", -far, 0.0), ("E", w, w + far)):
            if ns in plan.outer and we in plan.outer:
                rects.append((x0, y0, x1, y1))
    if "E" in plan.glued:
        rects.append((w, 0.0, w + glue_mm, h))
    if "S" in plan.glued:
        rects.append((0.0, h, w, h + glue_mm))
    return rects
