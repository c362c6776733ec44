"""The kit manifest, ``kit.json``: the contract between the printed kit and the photo reader.

It lists every printed item, the payload of its QR code and where it is on which sheet, the board
geometry (for a game played on a printed board), and the layout and options in force. The virtual
camera and the companion read it; neither imports the generator.

Coordinates
-----------
* **Page frame**: millimetres from the *top-left* corner of the page, x to the right, y down — so a
  page rasterised at ``dpi`` maps a point to pixel ``(x, y) * dpi / 25.4``.
* **Board frame**: millimetres from the top-left corner of the board's cell grid (the outer corner
  of the cell in the first column and the top row as printed), x to the right, y down.

Papers and schemas
------------------
``paper`` and ``page_size`` are the paper the kit was printed for (its ``--paper``), on which its
board prints. ``papers`` (schema 2) lists every paper the sheets print on with the sheets on it:
an A3 kit prints only its board on A3 and every other sheet on A4, so a page's size is
:meth:`Manifest.page_size_of` its sheet. A schema-1 ``kit.json`` has no ``papers``: every sheet
of it is on ``paper``, and it is read as such.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from patrolkit.errors import KitError
from patrolkit.i18n import _
from patrolkit.inputs import read_json

SCHEMA = 2
"""The schema this patrolkit writes; it reads every schema from 1 to this one."""


@dataclass(frozen=True)
class Box:
    """An axis-aligned rectangle in millimetres (top-left corner, width, height)."""

    x: float
    y: float
    width: float
    height: float

    @property
    def centre(self) -> tuple[float, float]:
        return (self.x + self.width / 2, self.y + self.height / 2)


@dataclass(frozen=True)
class QrCode:
    """A printed QR code: its payload, the box of its modules (quiet zone excluded) and its build.

    ``box`` is in the frame of whatever holds it: the page for :class:`Item`, the board frame for
    board fiducials. The code is printed upright in that frame (its first row of modules at the
    top) unless ``rotation`` says it is turned that many degrees clockwise within ``box``.
    """

    payload: str
    box: Box
    modules: int
    module_mm: float
    error_correction: str
    quiet_modules: float
    rotation: int = 0


@dataclass(frozen=True)
class Item:
    """One printed piece (a token, a card, the board…) on one sheet.

    ``cut`` is the trim box on the page (what the player cuts out), ``qr`` its code if it has one,
    ``role`` what the piece is in the game's own terms (``pawn``, ``board``…), ``attrs`` the
    piece's game facts (for a Rôdeurs pawn: ``colour`` and ``serial``).
    """

    id: str
    role: str
    sheet: int
    cut: Box
    qr: QrCode | None = None
    attrs: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Fiducial:
    """A board fiducial: its corner name and its QR code, ``qr.box`` in the board frame."""

    corner: str
    qr: QrCode


@dataclass(frozen=True)
class BoardGeometry:
    """Where the board's cells are: ``sheet``, the grid's top-left corner ``origin`` on that page,
    ``columns`` x ``rows`` cells of ``cell_mm``, and the fiducials in the board frame."""

    sheet: int
    origin: tuple[float, float]
    columns: int
    rows: int
    cell_mm: float
    fiducials: tuple[Fiducial, ...]

    @property
    def size(self) -> tuple[float, float]:
        return (self.columns * self.cell_mm, self.rows * self.cell_mm)


@dataclass(frozen=True)
class PaperSheets:
    """The sheets (numbered from 1) of a kit printed on one paper: its name (``a4``, ``letter``,
    ``a3``) and its size (width, height) in millimetres."""

    paper: str
    page_size: tuple[float, float]
    sheets: tuple[int, ...]


@dataclass(frozen=True)
class Manifest:
    """Everything a kit is, written beside its PDF as ``kit.json``. ``board`` is ``None`` for a
    game with no printed board; ``papers`` lists each paper and its sheets (none given: every
    sheet is on ``paper``)."""

    game: str
    paper: str
    page_size: tuple[float, float]
    pages: int
    options: dict[str, Any]
    layout: dict[str, Any]
    board: BoardGeometry | None
    items: tuple[Item, ...]
    generator: str
    schema: int = SCHEMA
    papers: tuple[PaperSheets, ...] = ()

    def page_size_of(self, sheet: int) -> tuple[float, float]:
        """The size (width, height, mm) of ``sheet``'s page."""
        return self._paper_of(sheet).page_size

    def paper_of(self, sheet: int) -> str:
        """The paper ``sheet`` prints on (``a4``, ``letter``, ``a3``)."""
        return self._paper_of(sheet).paper

    def _paper_of(self, sheet: int) -> PaperSheets:
        if not 1 <= sheet <= self.pages:
            raise ValueError(f"the kit has no sheet {sheet}")
        for paper in self.papers:
            if sheet in paper.sheets:
                return paper
        return PaperSheets(self.paper, self.page_size, (sheet,))

    def payloads(self, sheet: int | None = None) -> list[str]:
        """Every QR payload printed (on ``sheet`` only, if given), in print order."""
        found = [
            item.qr.payload
            for item in self.items
            if item.qr is not None and (sheet is None or item.sheet == sheet)
        ]
        if self.board is not None and (sheet is None or sheet == self.board.sheet):
            found += [f.qr.payload for f in self.board.fiducials]
        return found

    @property
    def board_geometry(self) -> BoardGeometry:
        """:attr:`board`, for a kit of a game played on a printed board; :class:`KitError` if the
        kit has none."""
        if self.board is None:
            raise KitError(_("This {game} kit has no printed board.").format(game=self.game))
        return self.board

    def item(self, item_id: str) -> Item:
        for item in self.items:
            if item.id == item_id:
                return item
        raise KitError(_("The kit has no item '{item}'.").format(item=item_id))

    def by_role(self, role: str) -> list[Item]:
        return [item for item in self.items if item.role == role]

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Manifest:
        try:
            schema = data.get("schema")
            if not isinstance(schema, int) or isinstance(schema, bool) or not 1 <= schema <= SCHEMA:
                raise KitError(
                    _("This kit.json is schema {schema}; we read schemas 1 to {ours}.").format(
                        schema=schema, ours=SCHEMA
                    )
                )
            board = data["board"]
            geometry = (
                None
                if board is None
                else BoardGeometry(
                    sheet=board["sheet"],
                    origin=tuple(board["origin"]),
                    columns=board["columns"],
                    rows=board["rows"],
                    cell_mm=board["cell_mm"],
                    fiducials=tuple(
                        Fiducial(f["corner"], _qr(f["qr"])) for f in board["fiducials"]
                    ),
                )
            )
            items = tuple(
                Item(
                    id=i["id"],
                    role=i["role"],
                    sheet=i["sheet"],
                    cut=Box(**i["cut"]),
                    qr=_qr(i["qr"]) if i.get("qr") else None,
                    attrs=dict(i.get("attrs", {})),
                )
                for i in data["items"]
            )
            pages = data["pages"]
            return cls(
                game=data["game"],
                paper=data["paper"],
                page_size=tuple(data["page_size"]),
                pages=pages,
                options=dict(data["options"]),
                layout=dict(data["layout"]),
                board=geometry,
                items=items,
                generator=data["generator"],
                schema=schema,
                papers=_papers(data.get("papers", ()), pages),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise KitError(
                _("This kit.json is damaged or not one of ours ({reason}).").format(reason=exc)
            ) from None

    def save(self, path: Path) -> None:
        path.write_text(json.dumps(self.to_json(), indent=1, ensure_ascii=False) + "\n")

    @classmethod
    def load(cls, path: Path) -> Manifest:
        """The kit.json at ``path``: a regular file of bounded size and depth
        (:func:`patrolkit.inputs.read_json`); :class:`KitError` in one sentence otherwise."""
        data = read_json(Path(path))
        if not isinstance(data, dict):
            raise KitError(_("{path} is not a patrolkit manifest.").format(path=path))
        return cls.from_json(data)


def _papers(data: list[dict[str, Any]], pages: int) -> tuple[PaperSheets, ...]:
    """The ``papers`` of a kit.json of ``pages`` pages (none in schema 1); :class:`ValueError`
    unless they hold every sheet once."""
    papers = tuple(PaperSheets(p["paper"], tuple(p["page_size"]), tuple(p["sheets"])) for p in data)
    listed = sorted(sheet for p in papers for sheet in p.sheets)
    if papers and listed != list(range(1, pages + 1)):
        raise ValueError(f"its papers list sheets {listed} of {pages}")
    return papers


def _qr(data: dict[str, Any]) -> QrCode:
    return QrCode(
        payload=data["payload"],
        box=Box(**data["box"]),
        modules=data["modules"],
        module_mm=data["module_mm"],
        error_correction=data["error_correction"],
        quiet_modules=data["quiet_modules"],
        rotation=data.get("rotation", 0),
    )
