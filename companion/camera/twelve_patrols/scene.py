"""The virtual camera for 12 Patrols: seeded photos of a kingdom of printed region cards, folded
dice and cubes on a table, with their truth.

:func:`photograph` rasterises the kit's own PDF (``kit.pdf`` beside ``kit.json``), cuts out the
region cards along their trim and the faces of the dice and cubes, and lays a
:class:`~companion.camera.twelve_patrols.layout.Setup` on a procedural table where
:mod:`companion.camera.twelve_patrols.layout` puts it: each card up to 3 mm off its place in the
grid and turned by up to 3°, the gaps between cards 34–42 mm (wider where a patrol needs the room),
each item in its slot moved by up to 2 mm and turned at any angle (``top``: square within 10°)
without touching another, and, if asked, the unused items (the *pool*) in a row beside the
kingdom. Cards cast a slight shadow. A die (28 mm) or cube (22 mm) is a solid: its top face —
the face whose code is read — is projected at its height by the camera of
:mod:`companion.camera.lens`, its sides that face the camera are drawn as the net's other faces,
shaded, and it casts a shadow on the table. The camera, light and sensor are the camera's
presets' (:func:`companion.camera.shot.draw_shot`), aimed at the kingdom and the pool.

The truth (``Photo.truth``, JSON-ready)
---------------------------------------
Pixels and corner order as in :mod:`companion.camera.rodeurs.scene`. Table millimetres are
measured from the nominal top-left corner of the kingdom's top-left card, x right, y down.

.. code-block:: text

    schema        1
    game          "twelve-patrols"
    preset, seed, width, height, jpeg_quality   as for Rôdeurs
    state         the kingdom, Kingdom.text
    pool          the items laid beside the kingdom, in notation
    deck          {id, name}
    cards         [{position, number, payload, corners_px, outline_px}]: position r0c1…; the
                  card's QR code corners and its trim corners (top-left, top-right,
                  bottom-right, bottom-left of the upright card)
    items         [{item, where, payload, corners_px, footprint_mm}]: where is a slot name
                  (r0c0-r0c1), "pool" or "astray"; corners_px those of the top face's code
    foreign       [{text, corners_px}]: the product label's QR code, when one lies there
    camera        tilt_deg, yaw_deg, blur_sigma, px_per_mm_min, px_per_mm_max (over the cards)
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from companion.camera.lens import Aim, Array, Image, project
from companion.camera.objects import Piece, foreign_text, product_label
from companion.camera.paste import Shadow, box_mask, darken, paste, seen_through
from companion.camera.photo import Photo, camera_truth, truth_head
from companion.camera.real_world import Subject, develop_shot
from companion.camera.shot import Shot, draw_shot
from companion.camera.table import Raster, quad, rigid, scale_map, table_top, transform
from companion.camera.twelve_patrols.kit import KitCut, cut_kit, deck_of_manifest
from companion.camera.twelve_patrols.layout import (
    LaidItem,
    Layout,
    Setup,
    edge_mm,
    lay_out,
    random_setup,
)
from companion.camera.twelve_patrols.solids import draw_solid, project3, top_face
from patrolkit.errors import KitError
from patrolkit.games.twelve_patrols import (
    card_payload,
    item_payload,
)
from patrolkit.i18n import _
from patrolkit.manifest import Box
from patrolkit.payload import encode
from patrolkit.sizes import TwelvePatrols

__all__ = [
    "KitCut",
    "Photo",
    "Setup",
    "cut_kit",
    "deck_of_manifest",
    "photograph",
    "random_setup",
]

CARD_THICKNESS_MM = 0.3
RASTER_PX_PER_MM = 12.0


# -- the photo -------------------------------------------------------------------------------


def photograph(
    kit_dir: Path, setup: Setup, *, preset: str, seed: int, foreign: bool | None = None
) -> Photo:
    """A seeded photo of the kit in ``kit_dir`` laid out as ``setup`` on a table.

    ``foreign`` lays a product label with a QR code that is not ours beside the kingdom (by
    default only the ``hard`` preset does). Raises :class:`KitError` if the kit cannot be read or
    prints another deck, or if ``preset`` is not one of the presets.
    """
    shot = draw_shot(preset, seed)
    kit = cut_kit(kit_dir)
    if setup.kingdom.deck.id != kit.deck.id:
        raise KitError(
            _("The kingdom is of the deck {id}, but this kit prints the deck {kit_id}.").format(
                id=setup.kingdom.deck.id, kit_id=kit.deck.id
            )
        )
    if not setup.kingdom.placed:
        raise KitError(_("There is nothing to photograph: the kingdom holds no card."))
    layout = lay_out(setup, seed, any_angle=shot.any_angle)
    label = _label(layout, seed) if (shot.foreign if foreign is None else foreign) else None
    outlines = [card.outline() for card in layout.cards]
    spots = [item.corners(0.0)[:, :2] for item in layout.items]
    things = outlines + spots + ([label.outline] if label else [])
    every = np.vstack(things)
    low, high = every.min(axis=0) - 12.0, every.max(axis=0) + 12.0
    framed = np.array([low, [high[0], low[1]], high, [low[0], high[1]]])
    view = shot.aim(framed)
    h = view.homography
    light = shot.light
    if light.glare > 0:
        spot = project(h, np.array([low + (high - low) * np.array(shot.glare_at)]))[0]
        light = replace(light, glare_xy=(float(spot[0]), float(spot[1])))
    optical = _optical(kit, layout, shot, view, (low, high), label, seed)
    cards = np.vstack(outlines)
    (x0, y0), (x1, y1) = cards.min(axis=0), cards.max(axis=0)
    subject = Subject(view, (float(x0), float(y0), float(x1), float(y1)), tuple(outlines))
    developed = develop_shot(optical, light, shot, seed, subject)
    truth = _truth(kit, setup, layout, shot, view, label, seed)
    return Photo(developed.image, developed.truth(truth), developed.jpeg)


@dataclass(frozen=True)
class ForeignLabel:
    """A product label on the table: the piece, where it lies (``to_table``: label mm to table
    mm), its outline and its code's corners (table mm) and the code's text."""

    piece: Piece
    to_table: Array
    outline: Array
    code: Array
    text: str


def _label(layout: Layout, seed: int) -> ForeignLabel:
    """A product label above the kingdom, clear of every card and item."""
    text = foreign_text(seed)
    label = product_label(text, RASTER_PX_PER_MM, RASTER_PX_PER_MM, seed)
    w, h = label.piece.size_mm
    every = np.vstack(
        [c.outline() for c in layout.cards] + [i.corners(0.0)[:, :2] for i in layout.items]
    )
    x = float(every[:, 0].min()) + 10.0 + w / 2
    y = float(every[:, 1].min()) - 25.0 - h / 2
    angle = float(np.random.default_rng([seed, 0x1AB]).uniform(-20, 20))
    to_table = rigid(angle, (w / 2, h / 2), (x, y))
    x0, y0, side = label.code_box
    code = transform(to_table, quad(Box(x0, y0, side, side)))
    return ForeignLabel(
        label.piece, to_table, transform(to_table, quad(Box(0, 0, w, h))), code, text
    )


def _optical(
    kit: KitCut,
    layout: Layout,
    shot: Shot,
    view: Aim,
    bounds: tuple[Array, Array],
    label: ForeignLabel | None,
    seed: int,
) -> Image:
    """The image the lens forms: the table with the cards (and a label) warped once into the
    photo, then each item drawn as a solid, the farthest first."""
    h = view.homography
    low, high = bounds
    table = shot.table_raster(h, (low + high) / 2)
    top = table_top(shot.table, table, seed)
    s = kit.px_per_mm
    low, high = low - 30.0, high + 30.0
    canvas_raster = Raster(
        float(low[0]),
        float(low[1]),
        s,
        s,
        math.ceil((high[0] - low[0]) * s),
        math.ceil((high[1] - low[1]) * s),
    )
    to_canvas = canvas_raster.from_mm @ np.linalg.inv(table.from_mm)
    canvas = cv2.warpAffine(
        top,
        to_canvas[:2],
        (canvas_raster.width, canvas_raster.height),
        flags=cv2.INTER_LINEAR,
        borderMode=cv2.BORDER_REFLECT_101,
    )
    angle = math.radians(shot.light_deg)
    away = np.array([math.cos(angle), math.sin(angle)])
    from_mm = canvas_raster.from_mm
    rng = np.random.default_rng([seed, 0xCA7D])
    for card in layout.cards:
        image = kit.cards[card.number]
        rows, cols = image.shape[:2]
        inset = rng.uniform(0.0, 0.3, 4) * s
        mask = box_mask(cols, rows, (inset[0], inset[1], cols - inset[2], rows - inset[3]))
        reach = shot.shadow_reach * CARD_THICKNESS_MM * 2
        shadow = Shadow((float(away[0] * reach * s), float(away[1] * reach * s)), 0.4 * s, 0.35)
        affine = from_mm @ card.to_table @ np.linalg.inv(scale_map(s, s))
        paste(canvas, image, mask, affine[:2], shadow)
    if label is not None:
        piece = label.piece
        affine = from_mm @ label.to_table @ np.linalg.inv(scale_map(piece.sx, piece.sy))
        cast = Shadow((float(away[0] * s * 0.3), float(away[1] * s * 0.3)), 0.5 * s, 0.35)
        paste(canvas, piece.image, piece.mask, affine[:2], cast)
    for item in layout.items:
        e = edge_mm(item.item)
        foot = item.corners(0.0)[:, :2]
        reach = shot.shadow_reach * e
        hull = cv2.convexHull(np.vstack([foot, foot + away * reach]).astype(np.float32))
        darken(canvas, canvas_raster.px(hull.reshape(-1, 2)), soft=1.5 * s, strength=0.45)
    optical = seen_through(h, (shot.width, shot.height), top, table.from_mm, canvas, from_mm)
    centre = view.centre

    def depth(item: LaidItem) -> float:
        x, y = item.centre
        return float(np.linalg.norm(np.array([x, y, -edge_mm(item.item) / 2]) - centre))

    for item in sorted(layout.items, key=depth, reverse=True):
        draw_solid(optical, kit, item, view, away, seed)
    return optical


# -- the truth -------------------------------------------------------------------------------


def _px(points: Array) -> list[list[float]]:
    return [[round(float(x), 2), round(float(y), 2)] for x, y in points]


def _truth(
    kit: KitCut,
    setup: Setup,
    layout: Layout,
    shot: Shot,
    view: Aim,
    label: ForeignLabel | None,
    seed: int,
) -> dict[str, Any]:
    h = view.homography
    deck = setup.kingdom.deck
    x, y, side, _unused = TwelvePatrols.card_qr_box()
    cards = []
    for card in layout.cards:
        code = transform(card.to_table, quad(Box(x, y, side, side)))
        cards.append(
            {
                "position": f"r{card.position[0]}c{card.position[1]}",
                "number": card.number,
                "payload": encode(card_payload(deck, deck.card(card.number))),
                "corners_px": _px(project(h, code)),
                "outline_px": _px(project(h, card.outline())),
            }
        )
    items = []
    for laid in layout.items:
        e = edge_mm(laid.item)
        top3 = laid.corners(e)
        _unused2, _unused3, (qx, qy) = top_face(kit, laid.item, seed)
        q = TwelvePatrols.ITEM_QR_VERSION * 4 + 17
        span = q * TwelvePatrols.ITEM_MODULE_MM
        along, down = (top3[1] - top3[0]) / e, (top3[3] - top3[0]) / e
        code3 = np.array(
            [
                top3[0] + along * u + down * v
                for u, v in ((qx, qy), (qx + span, qy), (qx + span, qy + span), (qx, qy + span))
            ]
        )
        items.append(
            {
                "item": laid.item.notation,
                "where": (
                    laid.slot.name
                    if laid.slot is not None
                    else "astray"
                    if laid.item in setup.astray
                    else "pool"
                ),
                "payload": encode(item_payload(laid.item)),
                "corners_px": _px(project3(view, code3)),
                "footprint_mm": [round(laid.centre[0], 2), round(laid.centre[1], 2)],
            }
        )
    outlines = np.vstack([card.outline() for card in layout.cards])
    middle = outlines.mean(axis=0)
    return {
        **truth_head("twelve-patrols", shot, seed, setup.kingdom.text),
        "pool": [item.notation for item in setup.pool],
        "deck": {"id": deck.id, "name": deck.name},
        "cards": cards,
        "items": items,
        "foreign": (
            [{"text": label.text, "corners_px": _px(project(h, label.code))}] if label else []
        ),
        "camera": camera_truth(shot, h, (float(middle[0]), float(middle[1])), outlines),
    }
