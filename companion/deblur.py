"""Undoing a phone's blur before the codes are read again: a shaken hand or a missed focus.

A code smeared over a few modules cannot be decoded, yet the smear is known in shape: a disc
when the lens missed focus, a short streak when the hand moved. Divided out of the photo
(Wiener deconvolution, :func:`unblurred`), the code comes back sharp enough to decode; the
decoder's own error correction still rejects anything it does not read for certain.

Which blur it was is found on the codes themselves. A large code that still reads names it
best: every module of it is known, and drawn sharp then blurred by each candidate, only the
photo's own blur makes it look as the photo does (:mod:`companion.codeblur`). Otherwise the
decoder often finds a code's finder squares where it cannot decode its modules
(:attr:`companion.decode.Scan.located`): around a few of those places, each blur of
:data:`COARSE` is divided out and the code decoded, then the blurs round the best; the blur that
lets the most of them read (the smallest among equals: it sharpens noise least) is divided out
of the whole photo (:func:`find_blur`). With next to no code read, the blur is read on the
photo's spectrum (:mod:`companion.specblur`), and the codes of the sharpened photo are read at
twice its size too (a code of 3 px a module comes back too small for the decoder's grid); if
that reads nothing more, on the paper's edges (:mod:`companion.edgeblur`). When none of this
names a blur that lets more codes read, the photo stays as it was and the reader reports what
it cannot read.

A messaging app's copy of a photo is small rather than blurred: its codes have too few pixels a
module for the decoder's sampling grid, and are read again at twice the size
(:func:`first_pass`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

import cv2
import numpy as np

from companion.blurs import Blur
from companion.codeblur import blurs_from_codes
from companion.decode import Decoder, Detection, side_px
from companion.edgeblur import blurs_from_edges
from companion.outline import paper_outlines
from companion.specblur import blurs_from_spectrum

NOISE: Final = 0.01
"""Noise-to-signal power assumed by the Wiener filter: less sharpens more, and sharpens the
sensor's noise and the JPEG's blocks as well."""
PLACES: Final = 3
"""Located codes the bank is tried on."""
MIN_CODE_PX: Final = 24.0
MAX_CODE_PX: Final = 300.0
"""Located codes smaller or larger than this (side, photo pixels) are not tried."""
BLURRED_SHARE: Final = 0.2
"""The photo is looked at for a blur when the decoder located, but could not decode, at least
one code and at least this share of the number it decoded (a sharp photo leaves none)."""
EDGE_CODES: Final = 4
"""The blur is read on the paper's edges only when the decoder read fewer codes than this: a
photo with four codes read has a board to start from, and the edges' search (a second, and a
Wiener pass and a decoding for each blur that fits) would only slow it (5.9 s against 0.3 s
on a grand jeu ``phone`` photo whose located codes no blur of the bank let read). A photo with
fewer codes read is looked at for a blur on them even when the decoder located no other."""
SMALL_PX: Final = 2600
"""A photo whose long side is under this (a messaging app's copy: 1,600 to 2,048 px) shows its
codes with too few pixels per module for the decoder's sampling grid: it is read again at twice
its size, plain and with an unsharp mask, rather than deblurred."""


COARSE: Final = (
    *(Blur("defocus", r) for r in (3.0, 4.0, 5.0, 6.0, 7.0)),
    *(Blur("motion", n, a) for n in (8.0, 12.0, 16.0) for a in range(0, 180, 20)),
)
"""The blurs tried first: a missed focus blurs a 12 MP photo over a disc of 3 to 7 px, a shaking
hand over a streak of 6 to 16 px in any direction. The best of them is then refined
(:func:`_finer`: 2 px of streak, 10° of direction)."""


def unblurred(gray: np.ndarray, blur: Blur, noise: float = NOISE) -> np.ndarray:
    """``gray`` (uint8) with ``blur`` divided out (Wiener deconvolution), uint8.

    Every blur of the bank is point-symmetric, so its spectrum is real and so is the Wiener
    filter: one real-to-real transform each way, the filter applied in OpenCV's packed form."""
    height, width = gray.shape
    rows, columns = cv2.getOptimalDFTSize(height), cv2.getOptimalDFTSize(width)
    padded = cv2.copyMakeBorder(
        gray, 0, rows - height, 0, columns - width, cv2.BORDER_REFLECT_101
    ).astype(np.float32)
    kernel = blur.kernel()
    spread = np.zeros((rows, columns), np.float32)
    kh, kw = kernel.shape
    spread[:kh, :kw] = kernel
    spread = np.roll(spread, (-(kh // 2), -(kw // 2)), axis=(0, 1))
    response = cv2.dft(spread)  # packed; its imaginary places are zero (a symmetric blur)
    wiener = response / (response * response + noise)
    restored = cv2.idft(
        cv2.mulSpectrums(cv2.dft(padded), wiener, 0), flags=cv2.DFT_SCALE | cv2.DFT_REAL_OUTPUT
    )
    return np.clip(restored[:height, :width], 0, 255).astype(np.uint8)


def find_blur(gray: np.ndarray, decoder: Decoder, located: list[np.ndarray]) -> Blur | None:
    """The blur that, divided out, lets the most of the ``located`` codes (their corners in
    ``gray``) read, the smallest among equals: the best of :data:`COARSE`, then of the blurs
    around it; ``None`` when none is located or no blur lets one read."""
    places: list[np.ndarray] = []
    for corners in located:  # one place per code: a decoder may locate one code twice
        centre, side = corners.mean(axis=0), side_px(corners)
        if MIN_CODE_PX <= side <= MAX_CODE_PX and all(
            np.linalg.norm(centre - other.mean(axis=0)) > side for other in places
        ):
            places.append(corners)
    places = places[:PLACES]
    if not places:
        return None
    crops = [_crop(gray, corners) for corners in places]
    best = _best(crops, COARSE, decoder)
    if best is None:
        return None
    finer = _best(crops, (best[1], *_finer(best[1])), decoder)
    return None if finer is None else finer[1]


def _best(
    crops: list[np.ndarray], blurs: tuple[Blur, ...], decoder: Decoder
) -> tuple[int, Blur] | None:
    """Of ``blurs``, the first that lets the most crops read, and how many; ``None`` if none."""
    best: tuple[int, Blur] | None = None
    for blur in blurs:
        side = blur.kernel().shape[0]
        read = sum(
            1
            for crop in crops
            if min(crop.shape) > 4 * side and decoder.read(unblurred(crop, blur))
        )
        if read and (best is None or read > best[0]):
            best = (read, blur)
    return best


def _finer(blur: Blur) -> tuple[Blur, ...]:
    """The blurs around ``blur``, smallest first."""
    if blur.kind == "defocus":
        return ()  # every radius is tried
    return tuple(
        Blur("motion", blur.size_px + d, (blur.angle_deg + a) % 180)
        for d in (-2.0, 0.0, 2.0)
        for a in (-10.0, 0.0, 10.0)
        if (d, a) != (0.0, 0.0)
    )


def _crop(gray: np.ndarray, corners: np.ndarray) -> np.ndarray:
    """The located code and a margin of most of its side around it."""
    half = int(0.9 * side_px(corners)) + 16
    x, y = (int(v) for v in corners.mean(axis=0))
    height, width = gray.shape
    return gray[max(0, y - half) : min(height, y + half), max(0, x - half) : min(width, x + half)]


@dataclass(frozen=True, eq=False)
class FirstPass:
    """The whole-photo pass of a reader: the photo as the codes were read in it (``gray``,
    sharpened when a ``blur`` was divided out) and the codes read."""

    gray: np.ndarray
    codes: list[Detection]
    blur: Blur | None = None


def first_pass(gray: np.ndarray, decoder: Decoder, image: np.ndarray | None = None) -> FirstPass:
    """Every code of the photo ``gray``, looked at again when the decoder located codes it could
    not decode or read fewer than :data:`EDGE_CODES` (in a small photo, read none): a small
    photo at twice its size, a large one with its blur divided out, kept when that reads more
    codes (those read only in the photo as it was are kept too). A photo sharpened so is what
    the reader looks at from then on; an enlarged one is not (the later steps resample the
    photo themselves).

    The blur is looked for on the codes read first (:func:`companion.codeblur.blurs_from_codes`),
    then on the codes located (:func:`find_blur`). When, with fewer than :data:`EDGE_CODES`
    codes read, neither names one, it is read on the photo's spectrum
    (:func:`companion.specblur.blurs_from_spectrum`; the sharpened photo also read at twice its
    size while it reads fewer than :data:`EDGE_CODES`), then on the edges of the board's paper
    (``image``, the photo in colour; :mod:`companion.edgeblur`). Of the blurs that fit, the
    one that lets the most codes read is divided out — with no code read at all, the best
    fitting one, so that a reader matching codes it knows (:mod:`companion.cornermatch`)
    looks at the sharpened photo."""
    scan = decoder.scan(gray)
    blurred = len(scan.located) >= max(1.0, BLURRED_SHARE * len(scan.codes))
    if max(gray.shape) < SMALL_PX and (blurred or not scan.codes):
        return FirstPass(gray, _merged(scan.codes, _enlarged(gray, decoder, unsharp=True)))
    if scan.codes and not scan.located and len(scan.codes) >= EDGE_CODES:
        return FirstPass(gray, scan.codes)
    if scan.codes:
        by_codes = _divided(gray, decoder, blurs_from_codes(gray, scan.codes), scan.codes)
        if by_codes is not None:
            return by_codes
        if not blurred:
            return FirstPass(gray, scan.codes)
    spectral = blurs_from_spectrum(gray)
    found = find_blur(gray, decoder, scan.located) if blurred else None
    if found is None and len(scan.codes) < EDGE_CODES:
        by_spectrum = _divided(gray, decoder, spectral, scan.codes, EDGE_CODES)
        if by_spectrum is not None and len(by_spectrum.codes) < EDGE_CODES:
            more = _enlarged(by_spectrum.gray, decoder)
            by_spectrum = FirstPass(
                by_spectrum.gray, _merged(by_spectrum.codes, more), by_spectrum.blur
            )
        if by_spectrum is not None and len(by_spectrum.codes) > len(scan.codes):
            return by_spectrum
        outlines = [] if image is None else paper_outlines(image)
        blurs = blurs_from_edges(gray, outlines[0]) if outlines else []
        return _divided(gray, decoder, blurs, scan.codes) or FirstPass(gray, scan.codes)
    if found is None:
        return FirstPass(gray, scan.codes)
    # A few crops may favour a blur the whole photo does not: the spectrum's is tried too.
    blurs = [found] + [b for b in spectral[:1] if b != found]
    divided = _divided(gray, decoder, blurs, scan.codes)
    if divided is None or len(divided.codes) <= len(scan.codes):
        return FirstPass(gray, scan.codes)
    return divided


def _divided(
    gray: np.ndarray,
    decoder: Decoder,
    blurs: list[Blur],
    read: list[Detection],
    enough: int | None = None,
) -> FirstPass | None:
    """The first pass of ``gray`` with the one of ``blurs`` divided out that lets the most codes
    read (the first of equals), when it reads more than ``read`` (the codes read as it is) or
    when none was read at all; ``None`` otherwise. With ``enough``, the blurs after the first
    that lets that many codes read are not tried."""
    tried = []
    for blur in blurs:
        sharp = unblurred(gray, blur)
        tried.append((decoder.read(sharp), sharp, blur))
        if enough is not None and len(tried[-1][0]) >= max(enough, len(read) + 1):
            break
    if not tried:
        return None
    codes, sharp, blur = max(tried, key=lambda t: len(t[0]))
    if len(codes) <= len(read) and read:
        return None
    return FirstPass(sharp, _merged(codes, read), blur)


def _merged(first: list[Detection], more: list[Detection]) -> list[Detection]:
    """``first``, and each code of ``more`` not already there: not the same text within half a
    code's side (a code printed twice, as a map's parts are, is read in both places)."""
    merged = list(first)
    for detection in more:
        reach = side_px(detection.corners) / 2
        if not any(
            d.text == detection.text and np.linalg.norm(d.centre - detection.centre) < reach
            for d in merged
        ):
            merged.append(detection)
    return merged


def _enlarged(gray: np.ndarray, decoder: Decoder, unsharp: bool = False) -> list[Detection]:
    """The codes read in ``gray`` at twice its size (and, with ``unsharp``, with an unsharp
    mask too), their corners in ``gray``: a code of under 3 px a module reads so."""
    larger = cv2.resize(gray, None, fx=2.0, fy=2.0, interpolation=cv2.INTER_CUBIC)
    return [
        Detection(d.text, (d.corners + 0.5) / 2.0 - 0.5)
        for image in ((larger, _unsharp(larger)) if unsharp else (larger,))
        for d in decoder.read(image)
    ]


def _unsharp(gray: np.ndarray) -> np.ndarray:
    """``gray`` with an unsharp mask of two pixels."""
    soft = cv2.GaussianBlur(gray, (0, 0), 2.0)
    return cv2.addWeighted(gray, 2.0, soft, -1.0, 0.0)
