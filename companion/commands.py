"""What every game's ``score``/``check``/``simulate`` command shares: refusing to overwrite,
printing a verdict, and the exit code a verdict earns.

Each game with a photo reader has a module ``companion.<game>_commands`` with ``run_score``,
``run_simulate`` and, where the game has turns to check from two photos, ``run_check``; each
takes the parsed command line and returns the exit code.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from patrolkit.errors import KitError

if TYPE_CHECKING:
    from companion.camera.simulate import Photo

EXIT_ILLEGAL = 1
EXIT_CANNOT_JUDGE = 3


def refuse_existing(path: Path | None, force: bool) -> None:
    """Refuse to overwrite ``path`` unless ``force``."""
    if path is not None and path.exists() and not force:
        raise KitError(f"{path} already exists; add --force to overwrite it.")


def print_verdict(
    verdict: dict[str, Any],
    formatted: Callable[[dict[str, Any]], str],
    *,
    as_json: bool,
    annotated: Path | None,
) -> None:
    """Print ``verdict`` as JSON or in words (``formatted``), then where the picture went."""
    if as_json:
        print(json.dumps(verdict, indent=1, ensure_ascii=False))
        return
    print(formatted(verdict))
    if annotated is not None:
        print(f"annotated picture: {annotated}")


def write_simulated(photo: Photo, out: Path, state_text: str, *, force: bool) -> int:
    """Write a virtual-camera photo and its truth beside it, say where and which position."""
    from companion.camera.simulate import write_photo

    image, truth = write_photo(photo, out, force=force)
    print(f"photo: {image}")
    print(f"truth: {truth}")
    print(f"state: {state_text}")
    return 0


def foreign_codes_lines(verdict: dict[str, Any]) -> list[str]:
    """The line saying how many foreign QR codes a verdict ignored (none when it ignored none)."""
    count = len(verdict["foreign_codes"])
    if not count:
        return []
    codes = "a QR code" if count == 1 else f"{count} QR codes"
    return [f"Ignored {codes} on the table that belong to no game of this kit."]


def score_exit(verdict: dict[str, Any]) -> int:
    """0 when the photo was read whole, 3 when something could not be read."""
    return EXIT_CANNOT_JUDGE if verdict.get("unreadable") else 0


def check_exit(verdict: dict[str, Any]) -> int:
    """0 legal, 1 illegal, 3 when it could not be judged."""
    if verdict.get("legal") is None:
        return EXIT_CANNOT_JUDGE
    return 0 if verdict["legal"] else EXIT_ILLEGAL
