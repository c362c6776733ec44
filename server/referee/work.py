"""What a pool worker does with a photo: read it, apply the players' corrections, judge it
(against the previous accepted photo for a check-style game), and draw the annotated picture.

A game that hides information (Stratego) is judged with each side's secret and with the game's
earlier accepted photos (``Job.secrets``, ``Job.history``); its picture is drawn from the verdict
both players may see, never from one side's view of it.

Everything here runs in a worker process (:mod:`server.referee.pool`): :class:`Job` goes in,
:class:`Outcome` comes out, both plain data. A reading is kept in ``cache`` (pickled, under the
photo's hash and the decoder) so a correction recomputes the verdict without reading the photo
again; a reading that cannot be loaded back is simply read again.

A job says its language (:attr:`Job.language`: the request's), and the worker reads, judges and
draws in it (:func:`patrolkit.i18n.speaking`): a worker process does not share the server's
context. A reading is kept per language, as it may hold sentences said while reading.
"""

from __future__ import annotations

import contextlib
import importlib
import io
import os
import pickle
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PIL import Image

from patrolkit.i18n import _, speaking
from server.core.errors import TooLarge
from server.storage.files import content_hash

JPEG_QUALITY = 85


@dataclass(frozen=True)
class Shot:
    """One photo to read (its bytes, or the path of a kept photo) and the corrections players
    made to its reading, in order (``(place, value)``)."""

    photo: bytes | Path
    corrections: tuple[tuple[str, str], ...] = ()

    def data(self) -> bytes:
        return self.photo if isinstance(self.photo, bytes) else self.photo.read_bytes()


@dataclass(frozen=True)
class Job:
    """Read and judge ``after`` (against ``before`` when given) for the game ``package``, under
    the ``rules`` its players chose."""

    package: str
    after: Shot
    before: Shot | None = None
    decoder: str = "zxing"
    max_pixels: int = 50_000_000
    cache: Path | None = None
    secrets: tuple[str, ...] = ()
    """Each side's secret, for a game that hides information (``()`` for the others)."""
    history: tuple[Shot, ...] = ()
    """The game's accepted photos before ``before``, oldest first (with ``secrets`` only)."""
    rules: str | None = None
    """The rules the players chose for the game (``None`` for a game with none to choose)."""
    language: str = "en"
    """The language the verdict, the picture and any refusal are said in."""


@dataclass(frozen=True)
class Outcome:
    """The verdict (the game's verdict JSON), the annotated picture (JPEG bytes), and what a
    player may say each place still unreadable holds."""

    verdict: dict[str, Any]
    picture: bytes
    choices: dict[str, list[str]] = field(default_factory=dict)


def run(job: Job) -> Outcome:
    """Do ``job`` (in a worker process), in its language."""
    with speaking(job.language):
        return _run(job)


def _run(job: Job) -> Outcome:
    commands = importlib.import_module(f"companion.{job.package}.commands")
    render = importlib.import_module(f"companion.{job.package}.annotate").render
    after_bytes = job.after.data()
    after = _reading(job, after_bytes, job.after.corrections)
    before = None
    if job.before is not None:
        before = _kept_reading(job, job.before)
    rules = {} if job.rules is None else {"rules": job.rules}
    if job.secrets:
        history = [_kept_reading(job, shot) for shot in job.history]
        verdict: dict[str, Any] = commands.judge_photos(
            after, before, secrets=job.secrets, history=history, **rules
        )
        unread = commands.unreadable_choices(after, before, secrets=job.secrets)
    else:
        verdict = commands.judge_photos(after, before, **rules)
        unread = commands.unreadable_choices(after)
    public = {key: value for key, value in verdict.items() if key != "views"}
    picture = _jpeg(render(after_bytes, after, public))
    choices = {place: list(values) for place, values in unread.items()}
    return Outcome(verdict, picture, choices)


def hint(job: Job, mover: str) -> Outcome:
    """The computer player's turn for ``mover`` on ``job.after`` (read whole, corrections
    applied): the verdict with its ``hint`` and ``hint_line``, and the picture with the hint's
    arrows; :class:`PhotoError` when a place is still unread. Said in ``job``'s language."""
    with speaking(job.language):
        return _hint(job, mover)


def _hint(job: Job, mover: str) -> Outcome:
    commands = importlib.import_module(f"companion.{job.package}.commands")
    render = importlib.import_module(f"companion.{job.package}.annotate").render
    after_bytes = job.after.data()
    after = _reading(job, after_bytes, job.after.corrections)
    verdict: dict[str, Any] = commands.hint_verdict(after, mover)
    verdict["hint_line"] = commands.hint_line(verdict["hint"])
    return Outcome(verdict, _jpeg(render(after_bytes, after, verdict)))


def warm(packages: tuple[str, ...]) -> int:
    """Import every reader once, so the first photo of a worker is read as fast as the next."""
    for package in packages:
        for module in ("commands", "reader", "annotate", "verdict"):
            importlib.import_module(f"companion.{package}.{module}")
    return os.getpid()


def check_pixels(data: bytes, max_pixels: int) -> None:
    """Refuse a photo over ``max_pixels`` from its header, before any pixel is decoded."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            image = Image.open(io.BytesIO(data))
            width, height = image.size
    except Exception:  # not an image, or damaged: the reader says which, in its own words
        return
    if width * height > max_pixels:
        raise TooLarge(
            _(
                "This photo is {width} x {height} pixels ({megapixels} MP); the server reads"
                " photos up to {limit} MP."
            ).format(
                width=width,
                height=height,
                megapixels=f"{width * height / 1e6:.0f}",
                limit=f"{max_pixels / 1e6:.0f}",
            )
        )


def _reading(job: Job, data: bytes, corrections: tuple[tuple[str, str], ...]) -> Any:
    return _corrected(job, _cached(job, data), corrections)


def _corrected(job: Job, reading: Any, corrections: tuple[tuple[str, str], ...]) -> Any:
    commands = importlib.import_module(f"companion.{job.package}.commands")
    extra = {"secrets": job.secrets} if job.secrets else {}
    for place, value in corrections:
        reading = commands.correct(reading, place, value, **extra)
    return reading


def _kept_reading(job: Job, shot: Shot) -> Any:
    """The reading of a kept photo (named by its hash), corrections applied: from the cache
    without opening the photo when it is there."""
    if isinstance(shot.photo, Path) and job.cache is not None:
        path = _cache_path(job, shot.photo.name)
        with contextlib.suppress(Exception):
            reading = pickle.loads(path.read_bytes())
            return _corrected(job, reading, shot.corrections)
    return _reading(job, shot.data(), shot.corrections)


def _cache_path(job: Job, digest: str) -> Path:
    assert job.cache is not None
    said = "" if job.language == "en" else f".{job.language}"
    keyed = "" if not job.secrets else "." + content_hash("\n".join(job.secrets).encode())[:16]
    return job.cache / f"{digest}.{job.package}{keyed}.{job.decoder}{said}.pickle"


def _cached(job: Job, data: bytes) -> Any:
    path = None
    if job.cache is not None:
        path = _cache_path(job, content_hash(data))
        with contextlib.suppress(Exception):
            return pickle.loads(path.read_bytes())
    check_pixels(data, job.max_pixels)
    reader = importlib.import_module(f"companion.{job.package}.reader")
    options: dict[str, Any] = {}
    if job.secrets:
        commands = importlib.import_module(f"companion.{job.package}.commands")
        options = commands.reading_options(job.secrets)
    reading = reader.read_photo(data, decoder=job.decoder, **options)
    if path is not None:
        with contextlib.suppress(OSError, pickle.PicklingError):
            path.parent.mkdir(parents=True, exist_ok=True)
            part = path.with_name(f"{path.name}.{os.getpid()}.part")
            part.write_bytes(pickle.dumps(reading))
            os.replace(part, path)
    return reading


def _jpeg(rgb: Any) -> bytes:
    out = io.BytesIO()
    Image.fromarray(rgb).save(out, format="JPEG", quality=JPEG_QUALITY)
    return out.getvalue()
