#!/usr/bin/env python3
"""Writes Tests/ShapeGeometryTests/CopyCrossingReferences.swift: quadratics and cubics against a
copy of themselves moved by 1e-7 to 1e-5 of their size (each control point moved, then rounded
to doubles), at the scales 1e-3, 1 and 1e3, with every point where the two meet, computed
independently of shape: B(s) = C(t) solved by mpmath's Newton method at 60 digits from starts
along the curve (s ≈ t) and, for a cubic, about its loop, every solution in [0, 1]² kept once.
Such a pair crosses at an angle about as small as the move over the radius of curvature, where
the curve runs along the move, and runs within 1e-9 of the size of itself along a stretch there.

Not part of the required test path: it needs mpmath (installed into .build/ref-venv when the
script is run as `scripts/copy-crossing-references.py`). Rerun it only to change the set.
"""
import math, os, random, sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
import references  # noqa: E402

references.ensure("mpmath")

import mpmath
from mpmath import mp, mpf

mp.dps = 60


def point(P, t):
    n = len(P) - 1
    return [sum(mpmath.binomial(n, i) * t ** i * (1 - t) ** (n - i) * mpf(P[i][k]) for i in range(n + 1)) for k in (0, 1)]


def meetings(P, Q, size):
    starts = [(i / 30 + 1e-3, i / 30 - 1e-3) for i in range(1, 30)]
    if len(P) == 4:
        starts += [(i / 10, j / 10) for i in range(1, 10) for j in range(1, 10) if i != j]
    found = []
    for s0, t0 in starts:
        try:
            s, t = mpmath.findroot(lambda s, t: [point(P, s)[k] - point(Q, t)[k] for k in (0, 1)], (mpf(s0), mpf(t0)))
        except (ZeroDivisionError, ValueError):
            continue
        if not (0 <= s <= 1 and 0 <= t <= 1):
            continue
        p = point(P, s)
        if all(abs(p[0] - q[0]) + abs(p[1] - q[1]) > mpf(10) ** -20 * size for q in found):
            found.append(p)
    return found


rng = random.Random(4907)
rows = []
while len(rows) < 36:
    k = len(rows)
    scale = [1e-3, 1.0, 1e3][k % 3]
    degree = 2 + (k // 3) % 2
    move = [1e-7, 1e-6, 1e-5][(k // 6) % 3]
    P = [(rng.uniform(0, scale), rng.uniform(0, scale)) for _ in range(degree + 1)]
    angle = rng.uniform(0, 2 * math.pi)
    Q = [(x + move * scale * math.cos(angle), y + move * scale * math.sin(angle)) for x, y in P]
    xs = [x for x, _ in P + Q]
    ys = [y for _, y in P + Q]
    size = max(max(xs) - min(xs), max(ys) - min(ys))
    found = meetings(P, Q, size)

    rows.append(f"    ({references.bezier(P)}, {references.bezier(Q)}, {size!r}, [{references.points(found, mp.nstr)}]),")

references.write_swift(
    "CopyCrossingReferences.swift", "copy-crossing-references.py", "mpmath, 60 digits",
    ["Béziers against a copy moved by 1e-7 to 1e-5 of their size, the larger side of their bounds,",
     "and every point where they meet."],
    "let copyCrossingReferences: [(Segment, Segment, size: Double, [Point])]", rows)
