"""Version-1 QR codes at level M, module by module, built from the QR standard (ISO/IEC 18004):
alphanumeric encoding, Reed-Solomon error correction, module placement, masks and format
information.

When a code is too small or blurred for a decoder's hard decisions, its modules can still be
compared, softly, with every pattern a game can print: :mod:`companion.rodeurs.codebook` builds
the Rôdeurs pawns' patterns with :func:`matrix`, :mod:`companion.rodeurs.qrmatch` compares them.
"""

from __future__ import annotations

from typing import Final

import numpy as np

SIZE: Final = 21
"""Modules per side of a version-1 code."""
DATA_CODEWORDS: Final = 16
EC_CODEWORDS: Final = 10
"""Version 1 at level M: 16 data and 10 error-correction codewords."""
_ALPHANUMERIC: Final = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:"
_LEVEL_M: Final = 0b00
_FORMAT_MASK: Final = 0b101010000010010
_FORMAT_GENERATOR: Final = 0b10100110111


def _gf_tables() -> tuple[list[int], list[int]]:
    exp, log = [0] * 512, [0] * 256
    value = 1
    for power in range(255):
        exp[power] = value
        log[value] = power
        value <<= 1
        if value & 0x100:
            value ^= 0x11D
    for power in range(255, 512):
        exp[power] = exp[power - 255]
    return exp, log


_EXP, _LOG = _gf_tables()


def _multiply(a: int, b: int) -> int:
    return 0 if a == 0 or b == 0 else _EXP[_LOG[a] + _LOG[b]]


def _generator(degree: int) -> list[int]:
    poly = [1]
    for power in range(degree):
        poly = [
            (poly[k] if k < len(poly) else 0) ^ (_multiply(poly[k - 1], _EXP[power]) if k else 0)
            for k in range(len(poly) + 1)
        ]
    return poly


_GENERATOR: Final = _generator(EC_CODEWORDS)


def error_correction(data: list[int]) -> list[int]:
    """The Reed-Solomon codewords that follow ``data``."""
    remainder = list(data) + [0] * EC_CODEWORDS
    for k in range(len(data)):
        factor = remainder[k]
        if factor:
            for j, g in enumerate(_GENERATOR):
                remainder[k + j] ^= _multiply(g, factor)
    return remainder[len(data) :]


def data_codewords(text: str) -> list[int]:
    """``text`` in alphanumeric mode, terminated and padded to version 1-M's 16 codewords."""
    values = [_ALPHANUMERIC.index(ch) for ch in text]
    bits = "0010" + format(len(values), "09b")
    for k in range(0, len(values) - 1, 2):
        bits += format(values[k] * 45 + values[k + 1], "011b")
    if len(values) % 2:
        bits += format(values[-1], "06b")
    capacity = DATA_CODEWORDS * 8
    bits += "0" * min(4, capacity - len(bits))
    bits += "0" * (-len(bits) % 8)
    codewords = [int(bits[k : k + 8], 2) for k in range(0, len(bits), 8)]
    pad = (0xEC, 0x11)
    codewords += [pad[k % 2] for k in range(DATA_CODEWORDS - len(codewords))]
    if len(codewords) != DATA_CODEWORDS:
        raise ValueError(f"'{text}' does not fit a version-1 code at level M")
    return codewords


def function_modules() -> np.ndarray:
    """Modules that are not data: finder patterns and separators, timing patterns, the dark
    module and the two copies of the format information."""
    taken = np.zeros((SIZE, SIZE), bool)
    taken[:9, :9] = taken[:9, SIZE - 8 :] = taken[SIZE - 8 :, :9] = True
    taken[6, :] = taken[:, 6] = True
    return taken


def fixed_pattern() -> tuple[np.ndarray, np.ndarray]:
    """The modules every version-1 code shares (finders, separators, timing, dark module), as
    (dark, known) matrices."""
    dark = np.zeros((SIZE, SIZE), bool)
    known = np.zeros((SIZE, SIZE), bool)
    for top, left in ((0, 0), (0, SIZE - 7), (SIZE - 7, 0)):
        block = np.zeros((7, 7), bool)
        block[[0, 6], :] = block[:, [0, 6]] = True
        block[2:5, 2:5] = True
        dark[top : top + 7, left : left + 7] = block
        rows = slice(max(top - 1, 0), min(top + 8, SIZE))
        cols = slice(max(left - 1, 0), min(left + 8, SIZE))
        known[rows, cols] = True
    for k in range(8, SIZE - 8):
        dark[6, k] = dark[k, 6] = k % 2 == 0
        known[6, k] = known[k, 6] = True
    dark[SIZE - 8, 8] = known[SIZE - 8, 8] = True
    return dark, known


def _placement_order() -> list[tuple[int, int]]:
    """The (row, column) of each data bit, in order: two-column strips from the right, up and
    down in turn, skipping the timing column."""
    taken = function_modules()
    order = []
    column, upward = SIZE - 1, True
    while column > 0:
        if column == 6:
            column -= 1
        rows = range(SIZE - 1, -1, -1) if upward else range(SIZE)
        for row in rows:
            for c in (column, column - 1):
                if not taken[row, c]:
                    order.append((row, c))
        upward = not upward
        column -= 2
    return order


_ORDER: Final = _placement_order()


def _mask(number: int) -> np.ndarray:
    i, j = np.indices((SIZE, SIZE))
    rule = {
        0: (i + j) % 2 == 0,
        1: i % 2 == 0,
        2: j % 3 == 0,
        3: (i + j) % 3 == 0,
        4: (i // 2 + j // 3) % 2 == 0,
        5: (i * j) % 2 + (i * j) % 3 == 0,
        6: ((i * j) % 2 + (i * j) % 3) % 2 == 0,
        7: ((i + j) % 2 + (i * j) % 3) % 2 == 0,
    }[number]
    return np.asarray(rule & ~function_modules())


def _format_bits(mask: int) -> list[int]:
    data = (_LEVEL_M << 3) | mask
    remainder = data << 10
    for shift in range(4, -1, -1):
        if remainder & (1 << (shift + 10)):
            remainder ^= _FORMAT_GENERATOR << shift
    value = ((data << 10) | remainder) ^ _FORMAT_MASK
    return [(value >> k) & 1 for k in range(15)]  # bit 0 first


def _place_format(matrix: np.ndarray, mask: int) -> None:
    """Both copies of the format information: down column 8 and along row 8, bit 0 first."""
    for i, bit in enumerate(_format_bits(mask)):
        row = i if i < 6 else i + 1 if i < 8 else SIZE - 15 + i
        column = SIZE - 1 - i if i < 8 else 15 - i if i < 9 else 14 - i
        matrix[row, 8] = matrix[8, column] = bool(bit)


def matrix(text: str, mask: int) -> np.ndarray:
    """The module matrix (``True`` = dark, row 0 at the top) of ``text`` with ``mask``."""
    codewords = data_codewords(text)
    codewords += error_correction(codewords)
    bits = [(word >> (7 - k)) & 1 for word in codewords for k in range(8)]
    dark, _ = fixed_pattern()
    modules = dark.copy()
    for (row, column), bit in zip(_ORDER, bits, strict=True):
        modules[row, column] = bool(bit)
    modules ^= _mask(mask)
    _place_format(modules, mask)
    return modules
