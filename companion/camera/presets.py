"""The virtual camera's preset names, and nothing else, so the command line can list them without
loading the camera.

``top``, ``phone`` and ``hard`` are the camera's own presets (:mod:`companion.camera.shot`). Each
name of :data:`EFFECTS` is the ``phone`` photo of the same seed with one thing real phones and
messaging apps do to a photo (:mod:`companion.camera.effects`); ``real-world`` is one of them,
chosen by the seed.
"""

from __future__ import annotations

from patrolkit.i18n import N_

BASE: tuple[str, ...] = ("top", "phone", "hard")
"""The camera's own presets."""
EFFECTS: tuple[str, ...] = (
    "messaging",
    "motion",
    "defocus",
    "barrel",
    "shadow",
    "low-light",
    "curl",
    "glare",
)
"""One real-world effect each, on the ``phone`` preset."""
REAL_WORLD = "real-world"
"""One effect of :data:`EFFECTS`, drawn from the seed."""
PRESETS: tuple[str, ...] = (*BASE, *EFFECTS, REAL_WORLD)
"""Every preset ``patrolkit simulate --preset`` takes."""
HELP = N_(
    "camera preset: top, phone, hard; or a phone photo with one real-world effect: messaging"
    " (resized and recompressed by an app), motion (hand shake), defocus, barrel (wide-angle"
    " lens), shadow (a hard shadow on the board), low-light (noise, denoiser smear), curl (paper"
    " not lying flat), glare (a saturated spot); real-world: one of them, chosen by the seed"
)
"""The ``--preset`` help line, in English: say it with ``_(HELP)``."""
