"""Write the codebooks the readers match pieces' codes against.

    python -m tools.codebooks           # write every shipped codebook
    python -m tools.codebooks check     # say whether each shipped one is up to date

Building every code a kit can print takes the ``qrcode`` library about half a second, which
every run whose reading matches a code would otherwise pay: the Patrolis pieces'
(``companion/patrolis/codebook.npz``) and the 12 Patrols items' (``companion/twelve_patrols/
itembook.npz``) ship instead. Write them again whenever what a piece's code holds, or which
pieces a kit prints, changes (a test says so).
"""

from __future__ import annotations

import io
import sys
from collections.abc import Callable
from pathlib import Path

import numpy as np

from companion.patrolis import tilematch
from companion.twelve_patrols import itemmatch

BOOKS: dict[Path, Callable[[], dict[str, np.ndarray]]] = {
    tilematch.CODEBOOK: tilematch.printed_codes,
    itemmatch.ITEMBOOK: itemmatch.printed_codes,
}
"""Each shipped codebook and what builds it today."""


def _written(codes: dict[str, np.ndarray]) -> bytes:
    buffer = io.BytesIO()
    np.savez_compressed(buffer, **codes)  # type: ignore[arg-type]  # names, not flags
    return buffer.getvalue()


def up_to_date(book: Path) -> bool:
    """Whether the shipped codebook ``book`` holds exactly what the kit prints today."""
    if not book.is_file():
        return False
    with np.load(book, allow_pickle=False) as shipped:
        today = BOOKS[book]()
        return set(shipped.files) == set(today) and all(
            np.array_equal(shipped[name], today[name]) for name in today
        )


def main(argv: list[str]) -> int:
    if argv == ["check"]:
        stale = [book for book in BOOKS if not up_to_date(book)]
        for book in BOOKS:
            print(f"{book.name}: {'out of date' if book in stale else 'up to date'}")
        return 1 if stale else 0
    if argv:
        print("usage: python -m tools.codebooks [check]", file=sys.stderr)
        return 2
    for book, build in BOOKS.items():
        partial = book.with_suffix(".partial")
        partial.write_bytes(_written(build()))
        partial.replace(book)
        print(f"wrote {book}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
