"""Blur kernels of the real-world effects: hand-shake motion along a slightly curved path, and a
missed focus's disc (pillbox)."""

from __future__ import annotations

import math

import cv2
import numpy as np

from companion.camera.lens import Array, Image

_SAMPLES_PER_PX = 8
"""Points laid along a motion path per pixel of its length."""
_SUPERSAMPLE = 8
"""Sub-pixels per pixel side when drawing a disc's anti-aliased edge."""


def motion_path(length_px: float, angle_deg: float, bend: float) -> Array:
    """Points along the path the image moves during the exposure (px, centred on their mean):
    an arc of ``length_px`` between its ends, along ``angle_deg`` (clockwise from the photo's
    x axis), its middle ``bend`` times the length off the straight line."""
    n = max(math.ceil(length_px * _SAMPLES_PER_PX), 2)
    t = np.linspace(-0.5, 0.5, n)
    along = t * length_px
    across = bend * length_px * (1.0 - 4.0 * t**2)  # a parabola through both ends
    a = math.radians(angle_deg)
    c, s = math.cos(a), math.sin(a)
    points = np.column_stack((along * c - across * s, along * s + across * c))
    return np.asarray(points - points.mean(axis=0))


def motion_kernel(length_px: float, angle_deg: float, bend: float) -> Array:
    """The motion blur kernel (float32, sums to 1, odd sides, its centre the path's mean): each
    point of :func:`motion_path` splatted bilinearly."""
    points = motion_path(length_px, angle_deg, bend)
    half = math.ceil(float(np.abs(points).max())) + 1
    side = 2 * half + 1
    kernel = np.zeros((side, side), np.float64)
    xs, ys = points[:, 0] + half, points[:, 1] + half
    x0, y0 = np.floor(xs).astype(int), np.floor(ys).astype(int)
    fx, fy = xs - x0, ys - y0
    for dx, dy, w in (
        (0, 0, (1 - fx) * (1 - fy)),
        (1, 0, fx * (1 - fy)),
        (0, 1, (1 - fx) * fy),
        (1, 1, fx * fy),
    ):
        np.add.at(kernel, (y0 + dy, x0 + dx), w)
    return (kernel / kernel.sum()).astype(np.float32)


def disc_kernel(radius_px: float) -> Array:
    """A pillbox kernel (float32, sums to 1) of ``radius_px``: the share of each pixel inside
    the disc, edges anti-aliased by supersampling."""
    half = math.ceil(radius_px)
    side = 2 * half + 1
    fine = (np.arange(side * _SUPERSAMPLE) + 0.5) / _SUPERSAMPLE - half - 0.5
    fx, fy = np.meshgrid(fine, fine, indexing="xy")
    inside = (fx**2 + fy**2 <= radius_px**2).astype(np.float64)
    kernel = inside.reshape(side, _SUPERSAMPLE, side, _SUPERSAMPLE).mean(axis=(1, 3))
    return (kernel / kernel.sum()).astype(np.float32)


def convolve(image: Image, kernel: Array) -> Image:
    """``image`` blurred by ``kernel`` (edges mirrored), still uint8."""
    return np.asarray(cv2.filter2D(image, -1, kernel, borderType=cv2.BORDER_REFLECT_101))
