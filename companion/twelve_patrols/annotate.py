"""The annotated picture of a 12 Patrols photo: every requirement ticked or crossed over the
photo.

The part of the photo around the kingdom, scaled so its longer side is
:data:`companion.picture.SIDE` pixels and dimmed a little. Each card read is outlined; each of
its requirements facing into the kingdom gets a mark just inside its edge: a green tick where it
is met, a red cross where it fails, a grey dot where it waits for its slots to fill. Each item read
is framed in its colour with its name (and value); items beside the kingdom are framed dashed,
items astray orange; what could not be read is circled red with ``?``; QR codes that are not the
game's are framed orange. A panel on the right gives the verdict in large letters (wins, does not
win, in progress, cannot judge), what stands behind it and a legend.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Final

import cv2
import numpy as np
from PIL import Image

from companion.load import load_picture
from companion.palette import GREEN, ORANGE, RED, RGB, SOFT, WHITE, rgb_of
from companion.picture import (
    Label,
    centred,
    dimmed_crop,
    frame_foreign,
    paragraph,
    polygon,
    side_panel,
    with_labels,
)
from companion.twelve_patrols.geometry import apply
from companion.twelve_patrols.reading import CARD_H, CARD_W, PatrolsReading
from patrolkit.i18n import _, ngettext
from patrolkit.sizes import ITEM_INK

AROUND_MM: Final = 30.0
"""Table shown around the kingdom and the items."""
INSET_MM: Final = 9.0
"""How far inside its edge a requirement's mark is drawn."""
SPREAD_MM: Final = 9.0
"""Between the marks of two requirements on one edge."""
GREY: Final[RGB] = (150, 150, 150)
ITEM_RGB: Final[dict[str, RGB]] = {letter: rgb_of(ink) for letter, ink in ITEM_INK.items()}
MARKS: Final = {"met": ("✓", GREEN), "failed": ("✗", RED), "waiting": ("•", GREY)}


def render(
    photo: Path | str | bytes, reading: PatrolsReading, verdict: dict[str, Any]
) -> np.ndarray:
    """The annotated picture (RGB) of ``reading`` and ``verdict`` over ``photo``."""
    picture = load_picture(photo)
    to_photo = reading.table.to_photo
    outlines = [apply(to_photo, c.outline()) for c in (*reading.cards, *reading.unplaced)]
    points = [*outlines] + [np.array(i.corners_px) for i in reading.items]
    points += [np.array(f.corners) for f in reading.foreign]
    points += [np.array([u.photo_px]) for u in reading.unread]
    every = np.vstack(points)
    margin = AROUND_MM * _scale(reading)
    left, top = np.clip(every.min(axis=0) - margin, 0, None)
    right, bottom = np.minimum(every.max(axis=0) + margin, (picture.width, picture.height))
    rgb = picture.rgb if reading.lens is None else reading.lens.straighten_image(picture.rgb)
    canvas, shift = dimmed_crop(rgb, (left, top, right, bottom))
    to_canvas = shift @ to_photo
    labels: list[Label] = []
    unit = max(round(_scale(reading) * shift[0, 0] * 5.0), 18)
    for card in (*reading.cards, *reading.unplaced):
        polygon(canvas, apply(to_canvas, card.outline()), WHITE, 2)
    for edge in verdict["edges"]:
        labels.append(_mark(reading, to_canvas, edge, unit))
    for item in reading.items:
        quad = apply(shift, np.array(item.corners_px))
        colour = ORANGE if item.place == "astray" else ITEM_RGB[item.item.colour.value]
        polygon(canvas, quad, colour, 5 if item.place == "slot" else 2)
        name = item.item.notation.split("-", 1)[1]
        at = (float(quad[:, 0].mean()), float(quad[:, 1].max()) + unit * 0.8)
        labels.append((at, name, colour, unit))
    for u in reading.unread:
        x, y = apply(shift, np.array([u.photo_px]))[0]
        cv2.circle(canvas, (round(x), round(y)), round(unit * 1.6), RED, 4, cv2.LINE_AA)
        labels.append(((float(x), float(y)), "?", RED, round(unit * 1.6)))
    for code in reading.foreign:
        frame_foreign(canvas, apply(shift, np.array(code.corners)), labels, gap=unit, size=unit)
    return np.asarray(_with_panel(with_labels(canvas, labels), verdict))


def _scale(reading: PatrolsReading) -> float:
    """Photo pixels per table millimetre about the kingdom's middle."""
    cards = (*reading.cards, *reading.unplaced)
    middle = np.mean([c.outline().mean(axis=0) for c in cards], axis=0)
    ends = apply(reading.table.to_photo, np.array([middle, middle + np.array([10.0, 0.0])]))
    return float(np.linalg.norm(ends[1] - ends[0])) / 10.0


_EDGE_POINTS: Final = {
    "N": ((CARD_W / 2, INSET_MM), (1.0, 0.0)),
    "S": ((CARD_W / 2, CARD_H - INSET_MM), (1.0, 0.0)),
    "E": ((CARD_W - INSET_MM, CARD_H / 2), (0.0, 1.0)),
    "W": ((INSET_MM, CARD_H / 2), (0.0, 1.0)),
}


def _mark(
    reading: PatrolsReading, to_canvas: np.ndarray, edge: dict[str, Any], unit: int
) -> tuple[tuple[float, float], str, RGB, int]:
    """The tick, cross or dot of one requirement, with its code beside it."""
    place = edge["place"]
    card = next(c for c in reading.cards if f"r{c.position[0]}c{c.position[1]}" == place)
    (x, y), (dx, dy) = _EDGE_POINTS[edge["side"]]
    same = _edges_of(reading, place, edge["side"])
    k = same.index(edge["asks"]) - (len(same) - 1) / 2
    at = apply(
        to_canvas, apply(card.pose, np.array([[x + dx * k * SPREAD_MM, y + dy * k * SPREAD_MM]]))
    )[0]
    symbol, colour = MARKS[edge["status"]]
    return ((float(at[0]), float(at[1])), f"{symbol}{edge['asks']}", colour, round(unit * 1.5))


def _edges_of(reading: PatrolsReading, place: str, side: str) -> list[str]:
    card = next(c for c in reading.cards if f"r{c.position[0]}c{c.position[1]}" == place)
    text = card.card.code.split(":")["NESW".index(side)]
    return text.split("+")


# -- the panel --------------------------------------------------------------------------------


def _headline(verdict: dict[str, Any]) -> tuple[str, str, RGB]:
    count = len(verdict["unreadable"])
    if not verdict["judged"]:
        return (
            _("CANNOT JUDGE"),
            ngettext(
                "{count} thing could not be read", "{count} things could not be read", count
            ).format(count=count),
            RED,
        )
    failing = len(verdict["failing"])
    if verdict["complete"]:
        if verdict["win"]:
            return _("WIN"), _("Nine cards, twelve patrols, every requirement met."), GREEN
        return (
            _("NOT WON"),
            ngettext("{count} requirement not met", "{count} requirements not met", failing).format(
                count=failing
            ),
            RED,
        )
    if verdict["reachable"] is False:
        return _("IN PROGRESS"), _("No win can be reached any more."), RED
    if verdict["reachable"] is True:
        return _("IN PROGRESS"), _("A win can still be reached."), WHITE
    return _("IN PROGRESS"), _("Whether a win can be reached is not known."), WHITE


def _facts(verdict: dict[str, Any]) -> list[str]:
    deck = verdict["deck"]
    facts = [
        _("Deck {deck} ({id}).").format(deck=deck["name"], id=deck["id"]),
        _("Cards read: {cards}; patrols read: {patrols}.").format(
            cards=verdict["cards_read"], patrols=verdict["patrols_read"]
        ),
    ]
    if verdict["pool"]:
        facts.append(_("Beside the kingdom: {items}.").format(items=", ".join(verdict["pool"])))
    facts += [_("Fails: {sentence}").format(sentence=f["sentence"]) for f in verdict["failing"][:6]]
    if len(verdict["failing"]) > 6:
        facts.append(_("… and {count} more.").format(count=len(verdict["failing"]) - 6))
    if verdict["why_not"]:
        facts.append(verdict["why_not"])
    facts += [
        _("Unreadable: {where}: {what}.").format(where=u["where"], what=u["what"])
        for u in verdict["unreadable"][:6]
    ]
    facts += [
        _("Left out: {item} {where}.").format(item=a["item"], where=a["where"])
        for a in verdict["astray"]
    ]
    if verdict["foreign_codes"]:
        facts.append(_("A QR code that is not a game piece was ignored (orange)."))
    return facts


def _with_panel(image: Image.Image, verdict: dict[str, Any]) -> Image.Image:
    full, draw, (x, y, inner) = side_panel(
        image, _headline(verdict), _facts(verdict), min_height=1100
    )
    y = paragraph(draw, (x, y), _("On the photo"), 26, inner, WHITE, bold=True) + 6
    for symbol, colour, words in (
        ("✓", GREEN, _("requirement met")),
        ("✗", RED, _("requirement not met")),
        ("•", GREY, _("requirement waiting for its patrols")),
        ("?", RED, _("could not be read")),
    ):
        centred(draw, (x + 20, y + 16), symbol, colour, 30, bold=True)
        y = max(paragraph(draw, (x + 52, y + 2), words, 24, inner - 52, SOFT), y + 34) + 8
    for colour, words in (
        (ITEM_RGB["B"], _("item read (its colour; thin: beside the kingdom)")),
        (ORANGE, _("item astray, or a QR code that is not a game piece")),
    ):
        draw.rectangle((x + 6, y + 4, x + 34, y + 30), outline=colour, width=4)
        y = max(paragraph(draw, (x + 52, y + 2), words, 24, inner - 52, SOFT), y + 34) + 8
    return full
