"""Write the codebook the Patrolis reader matches pieces' codes against.

    python -m tools.codebooks           # write companion/patrolis/codebook.npz
    python -m tools.codebooks check     # say whether the shipped one is up to date

Building every code a kit can print takes the ``qrcode`` library about half a second, which
every reading that matches a code would otherwise pay; the codebook ships instead. Write it
again whenever what a piece's code holds, or which pieces a kit prints, changes (a test says
so).
"""

from __future__ import annotations

import io
import sys

import numpy as np

from companion.patrolis.tilematch import CODEBOOK, printed_codes


def _written() -> bytes:
    buffer = io.BytesIO()
    np.savez_compressed(buffer, **printed_codes())  # type: ignore[arg-type]  # names, not flags
    return buffer.getvalue()


def up_to_date() -> bool:
    """Whether the shipped codebook holds exactly what the kit prints today."""
    if not CODEBOOK.is_file():
        return False
    with np.load(CODEBOOK, allow_pickle=False) as shipped:
        today = printed_codes()
        return set(shipped.files) == set(today) and all(
            np.array_equal(shipped[name], today[name]) for name in today
        )


def main(argv: list[str]) -> int:
    if argv == ["check"]:
        fresh = up_to_date()
        print(f"{CODEBOOK.name}: {'up to date' if fresh else 'out of date'}")
        return 0 if fresh else 1
    if argv:
        print("usage: python -m tools.codebooks [check]", file=sys.stderr)
        return 2
    partial = CODEBOOK.with_suffix(".partial")
    partial.write_bytes(_written())
    partial.replace(CODEBOOK)
    print(f"wrote {CODEBOOK}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
