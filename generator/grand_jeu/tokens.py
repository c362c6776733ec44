"""The scouts and the foulard tokens.

A **scout** is an octagon (:class:`patrolkit.sizes.grand_jeu.GrandJeu`): its patrol's colour runs
round the cut; inside, on white, its QR code stands upright with its top where the scout faces.
Ahead of the code is the big blue arrow; on each flat that the kit's set of red arrows names is a
red arrowhead pointing out of that flat (the one ahead sits in front of the blue arrow). Behind
the code are the patrol's letter and the scout's number, the patrol's emblem and, on one scout per
patrol, the star of the "culs de pat'" variant. Colour, the rim's pattern (:data:`PATROL_PATTERN`),
letter and emblem each tell the patrol on their own, so players who do not see the colours, or a
grey print, still know whose scout it is; the pattern does so from across the table. Every mark
stands at least :data:`GrandJeu.MARK_INSET_MM` inside the cut; only the rim's colour and pattern
run into the bleed.

A **foulard token** is a disc with a scarf on it: the budget handed from player to player. It
carries no code (a photo has nothing to read on it).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from reportlab.pdfgen.canvas import FILL_EVEN_ODD

from generator import qr
from generator.page import BOLD, INK, MIN_MARGIN_MM, SOFT_INK, WHITE, Sheet, text_width
from generator.pieces import draw_pattern
from patrolkit.games.grand_jeu import Patrol
from patrolkit.i18n import _, pgettext
from patrolkit.manifest import Box, Item, QrCode
from patrolkit.payload import GrandJeuScout, encode
from patrolkit.sizes import QR_ERROR_CORRECTION
from patrolkit.sizes.grand_jeu import GrandJeu

ARROW_WORDS: Final = {
    0: "ahead",
    1: "ahead-right",
    2: "right",
    3: "behind-right",
    4: "behind",
    5: "behind-left",
    6: "left",
    7: "ahead-left",
}
"""Each red arrow's name, as the manifest records it (words of the kit's own, never translated:
:func:`arrow_word` says one to a player)."""
OUTLINE_INK: Final = "#6E6E6E"
ARROW_BASE_MM: Final = 10.4
"""From the centre to a red arrowhead's base, along its direction."""
ARROW_WIDTH_MM: Final = 3.6
HEADING_Y: Final = MIN_MARGIN_MM + 3.5
GRID_TOP: Final = MIN_MARGIN_MM + 7.0
ROW_LABEL_MM: Final = 5.0
FOULARD_INK: Final = "#7A3FA0"
PATROL_PATTERN: Final = {
    "S": ("plain", WHITE),
    "W": ("dots", WHITE),
    "N": ("checker", WHITE),
    "E": ("grid", INK),
}
"""Each patrol's rim pattern and its ink: green and orange print at nearly the same grey and
merge for red-green colour-blind players, so the rims differ by pattern too. No diagonal
stripes: they would run along two of the octagon's flats and not show there."""
RIM_PATTERN_PITCH_MM: Final = 2.0


def patrol_name(letter: str) -> str:
    """The name of the patrol ``letter`` (``S``) in the language in force: ``South``, ``Sud``."""
    return Patrol(letter.lower()).title


def arrow_word(eighths: int) -> str:
    """The red arrow ``eighths`` eighths of a turn clockwise from the blue one, in words in the
    language in force: ``ahead-right``."""
    return (
        pgettext("red arrow", "ahead"),
        pgettext("red arrow", "ahead-right"),
        pgettext("red arrow", "right"),
        pgettext("red arrow", "behind-right"),
        pgettext("red arrow", "behind"),
        pgettext("red arrow", "behind-left"),
        pgettext("red arrow", "left"),
        pgettext("red arrow", "ahead-left"),
    )[eighths]


@dataclass(frozen=True)
class Scout:
    """One printed scout: its kit, its patrol's letter, its number in the patrol (from 1) and
    whether it carries the star."""

    kit: str
    patrol: str
    number: int
    starred: bool

    @property
    def payload(self) -> str:
        return encode(GrandJeuScout(self.kit, self.patrol, self.number))

    @property
    def id(self) -> str:
        return f"scout-{self.patrol}{self.number}"


def scouts_for(kit: str, patrols: Sequence[str], count: int) -> list[Scout]:
    return [
        Scout(kit, patrol, number, number == GrandJeu.STARRED_SCOUT)
        for patrol in patrols
        for number in range(1, count + 1)
    ]


# -- shapes ----------------------------------------------------------------------------------


def star_points(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    points = []
    for i in range(10):
        radius = r if i % 2 == 0 else r * 0.42
        angle = -math.pi / 2 + i * math.pi / 5
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return points


def draw_emblem(sheet: Sheet, patrol: str, cx: float, cy: float, size: float) -> None:
    """The patrol's emblem centred on ``(cx, cy)``, ``size`` mm across, in its colour outlined in
    ink (so the yellow one shows on white)."""
    ink = GrandJeu.PATROL_INK[patrol]
    r = size / 2
    shape = GrandJeu.PATROL_EMBLEM[patrol]
    if shape == "disc":
        sheet.circle(cx, cy, r, fill=ink, stroke=INK, line=0.15)
        return
    if shape == "triangle":
        points = [(cx, cy - r), (cx + r, cy + r * 0.8), (cx - r, cy + r * 0.8)]
    elif shape == "square":
        k = r * 0.85
        points = [(cx - k, cy - k), (cx + k, cy - k), (cx + k, cy + k), (cx - k, cy + k)]
    else:
        points = [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
    sheet.polygons([points], fill=ink, stroke=INK, line=0.15)


def arrowhead(eighths: int, base: float, tip: float, width: float) -> list[tuple[float, float]]:
    """A triangle pointing ``eighths`` eighths of a turn clockwise from up, token frame."""
    angle = math.radians(45 * eighths)
    ux, uy = math.sin(angle), -math.cos(angle)
    px_, py_ = -uy, ux
    half = width / 2
    return [
        (ux * tip, uy * tip),
        (ux * base + px_ * half, uy * base + py_ * half),
        (ux * base - px_ * half, uy * base - py_ * half),
    ]


def arrow_tip() -> float:
    """Where every arrow's tip stands: :data:`GrandJeu.MARK_INSET_MM` inside the cut."""
    return GrandJeu.SCOUT_APOTHEM_MM - GrandJeu.MARK_INSET_MM


def blue_arrow(arrows: Sequence[int]) -> list[tuple[float, float]]:
    """The big blue arrowhead ahead of the code: its tip at the mark inset, or just behind the
    red arrowhead ahead when the set has one."""
    tip = arrow_tip()
    if 0 in arrows:
        tip = ARROW_BASE_MM - 0.3
    return [(0.0, -tip), (5.2, -7.9), (-5.2, -7.9)]


def draw_scout_face(
    sheet: Sheet, scout: Scout, arrows: Sequence[int], *, code: bool = True
) -> QrCode | None:
    """The scout in its token frame (the current frame's origin at its centre); its code's
    record, box in the token frame. Without ``code`` (the cover's picture) a grey square stands
    where the code goes, so no page carries a second copy of a scout's code."""
    a = GrandJeu.SCOUT_APOTHEM_MM
    ink = GrandJeu.PATROL_INK[scout.patrol]
    sheet.polygons([list(GrandJeu.scout_octagon(a + GrandJeu.SCOUT_BLEED_MM))], fill=ink)
    _rim_pattern(sheet, scout.patrol, a)
    sheet.polygons([list(GrandJeu.scout_octagon(a - GrandJeu.SCOUT_RIM_MM))], fill=WHITE)
    side = GrandJeu.SCOUT_CODE_MM
    record = None
    if code:
        symbol = qr.symbol(
            scout.payload, version=GrandJeu.SCOUT_QR_VERSION, error_correction=QR_ERROR_CORRECTION
        )
        record = qr.draw(
            sheet, symbol, -side / 2, -side / 2, GrandJeu.SCOUT_MODULE_MM,
            quiet_modules=GrandJeu.SCOUT_QUIET_MODULES,
        )  # fmt: skip
    else:
        sheet.rect(-side / 2, -side / 2, side, side, fill="#BDBDBD")
        sheet.centred_glyphs(0, -1.6, "QR", size=9, fill=WHITE)
        sheet.centred_glyphs(0, 2.6, "code", size=6.5, fill=WHITE)
    sheet.polygons([blue_arrow(arrows)], fill=GrandJeu.BLUE_ARROW_INK)
    for eighths in arrows:
        sheet.polygons(
            [arrowhead(eighths, ARROW_BASE_MM, arrow_tip(), ARROW_WIDTH_MM)],
            fill=GrandJeu.RED_ARROW_INK,
        )
    label = f"{scout.patrol}{scout.number}"
    sheet.text(-4.4, 10.6, label, size=6.6, font=BOLD, align="centre")
    draw_emblem(sheet, scout.patrol, 4.7, 9.5, 2.8)
    if scout.starred:
        sheet.polygons([star_points(0.0, 8.9, 1.4)], fill=INK)
    sheet.polygons([list(GrandJeu.scout_octagon(a))], fill=None, stroke=OUTLINE_INK, line=0.15)
    return record


def _rim_pattern(sheet: Sheet, patrol: str, apothem: float) -> None:
    """The patrol's pattern over the rim and its bleed, in the token frame."""
    pattern, ink = PATROL_PATTERN[patrol]
    if pattern == "plain":
        return
    outer = apothem + GrandJeu.SCOUT_BLEED_MM
    canvas = sheet.canvas
    canvas.saveState()
    clip = canvas.beginPath()
    for loop in (
        GrandJeu.scout_octagon(outer),
        GrandJeu.scout_octagon(apothem - GrandJeu.SCOUT_RIM_MM),
    ):
        points = list(loop)
        clip.moveTo(*sheet.point(*points[0]))
        for point in points[1:]:
            clip.lineTo(*sheet.point(*point))
        clip.close()
    canvas.clipPath(clip, stroke=0, fill=0, fillMode=FILL_EVEN_ODD)
    pitch = RIM_PATTERN_PITCH_MM
    draw_pattern(sheet, pattern, (-outer, -outer, 2 * outer, 2 * outer), ink=ink, pitch=pitch,
                 origin=(-pitch / 2, -pitch / 2))  # fmt: skip
    canvas.restoreState()


# -- the scouts' sheet -------------------------------------------------------------------------


def columns_for(count: int, paper_width: float) -> int:
    """Scouts a row: the whole patrol if it fits, else half of it."""
    pitch = GrandJeu.SCOUT_FLATS_MM + GrandJeu.SCOUT_GAP_MM
    fits = int((paper_width - 2 * MIN_MARGIN_MM - 2 + GrandJeu.SCOUT_GAP_MM) // pitch)
    return count if count <= fits else -(-count // 2)


def draw_scout_page(
    sheet: Sheet, scouts: Sequence[Scout], arrows: Sequence[int], foulards: int
) -> list[Item]:
    """Every scout, a patrol to a block of rows, and the foulard tokens, on the current page."""
    patrols = list(dict.fromkeys(s.patrol for s in scouts))
    count = len(scouts) // len(patrols)
    columns = columns_for(count, sheet.paper.width)
    flats, gap = GrandJeu.SCOUT_FLATS_MM, GrandJeu.SCOUT_GAP_MM
    pitch = flats + gap
    left = (sheet.paper.width - (columns * pitch - gap)) / 2
    heading = _(
        "Le grand jeu des patrouilles — the scouts and the foulards: cut each octagon on its grey"
        " outline (8 straight cuts)."
    )
    if text_width(heading, 7.6, BOLD) > sheet.paper.width - 2 * MIN_MARGIN_MM:
        raise ValueError("the scouts' heading is wider than the page")
    sheet.text(MIN_MARGIN_MM, HEADING_Y, heading, size=7.6, font=BOLD)
    items: list[Item] = []
    y = GRID_TOP
    for patrol in patrols:
        draw_emblem(sheet, patrol, left + 1.6, y + 2.4, 2.8)
        name = _("{patrol} patrol").format(patrol=patrol_name(patrol))
        sheet.text(left + 4.2, y + 3.4, name, size=7.4, font=BOLD, fill=INK)
        y += ROW_LABEL_MM
        own = [s for s in scouts if s.patrol == patrol]
        for index, scout in enumerate(own):
            row, column = divmod(index, columns)
            cx = left + column * pitch + flats / 2
            cy = y + row * pitch + flats / 2
            items.append(_scout_item(sheet, scout, arrows, cx, cy))
        y += -(-len(own) // columns) * pitch
    sheet.text(
        left,
        y + 3.4,
        _("Foulards: the {count} tokens a turn spends").format(count=foulards),
        size=7.4,
        font=BOLD,
    )
    y += ROW_LABEL_MM
    for index in range(foulards):
        cx = left + index * pitch + flats / 2
        cy = y + flats / 2
        draw_foulard(sheet, cx, cy)
        r = GrandJeu.FOULARD_MM / 2
        items.append(
            Item(
                id=f"foulard-{index + 1}",
                role="foulard",
                sheet=sheet.page,
                cut=Box(round(cx - r, 4), round(cy - r, 4), 2 * r, 2 * r),
                attrs={"number": index + 1},
            )
        )
    if y + pitch > sheet.paper.height - MIN_MARGIN_MM:
        raise ValueError("the scouts do not fit their page")
    return items


def _scout_item(sheet: Sheet, scout: Scout, arrows: Sequence[int], cx: float, cy: float) -> Item:
    with sheet.frame(cx, cy):
        record = draw_scout_face(sheet, scout, arrows)
    assert record is not None
    code = qr.moved(record, cx, cy)
    flats = GrandJeu.SCOUT_FLATS_MM
    return Item(
        id=scout.id,
        role="scout",
        sheet=sheet.page,
        cut=Box(round(cx - flats / 2, 4), round(cy - flats / 2, 4), flats, flats),
        qr=code,
        attrs={
            "kit": scout.kit,
            "patrol": scout.patrol,
            "number": scout.number,
            "starred": scout.starred,
            "shape": "octagon",
            "facing": "code top",
        },
    )


def draw_foulard(sheet: Sheet, cx: float, cy: float) -> None:
    """A foulard token: a disc with a folded scarf and its woggle, the word under it."""
    r = GrandJeu.FOULARD_MM / 2
    sheet.circle(cx, cy, r + 0.5, fill="#EFE4F5")
    sheet.circle(cx, cy, r, stroke=OUTLINE_INK, line=0.15)
    scarf = [(cx - 8.5, cy - 6.0), (cx + 8.5, cy - 6.0), (cx, cy + 5.5)]
    sheet.polygons([scarf], fill=FOULARD_INK, stroke=INK, line=0.2)
    sheet.polygons(
        [[(cx - 2.2, cy + 1.0), (cx - 4.2, cy + 8.5), (cx - 0.6, cy + 7.6)]],
        fill=FOULARD_INK,
        stroke=INK,
        line=0.2,
    )
    sheet.polygons(
        [[(cx + 2.2, cy + 1.0), (cx + 4.2, cy + 8.5), (cx + 0.6, cy + 7.6)]],
        fill=FOULARD_INK,
        stroke=INK,
        line=0.2,
    )
    sheet.circle(cx, cy - 0.2, 1.8, fill="#C9A227", stroke=INK, line=0.2)
    sheet.text(cx, cy - 7.8, "FOULARD", size=5.6, font=BOLD, fill=SOFT_INK, align="centre")
