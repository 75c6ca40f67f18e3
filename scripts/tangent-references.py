#!/usr/bin/env python3
"""Writes Tests/ShapeGeometryTests/TangentLineReferences.swift: lines laid along a quadratic's or
a cubic's tangent (each end rounded to doubles, so the line crosses the curve twice a hair apart,
or misses it by a hair), at the scales 1e-3, 1 and 1e3, with every point where they meet,
computed independently of shape: the signed distance of the curve from the line,
f(u) = (B(u) − A) × (B − A), has its coefficients computed from the doubles exactly (Python's
fractions), and its roots are found by mpmath at 120 digits. A real root in [0, 1] whose point
lies on the line segment is a crossing; a stationary point of f where |f| is within 1e-9 of the
size of the line but has no crossing beside it is a touch, given at that stationary point.

Not part of the required test path: it needs mpmath (installed into .build/ref-venv when the
script is run as `scripts/tangent-references.py`). Rerun it only to change the set.
"""
import os, random, sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
import references  # noqa: E402

references.ensure("mpmath")

from fractions import Fraction
from math import comb
from mpmath import mp, mpf, polyroots

mp.dps = 120


def bernstein_to_power(g):
    """Power-basis coefficients (constant first) of the Bernstein polynomial with values g."""
    n = len(g) - 1
    out = [Fraction(0)] * (n + 1)
    for i, gi in enumerate(g):
        # C(n,i) u^i (1-u)^(n-i) = C(n,i) sum_k C(n-i,k) (-1)^k u^(i+k)
        for k in range(n - i + 1):
            out[i + k] += gi * comb(n, i) * comb(n - i, k) * (-1) ** k
    return out


def value(c, u):
    v = mpf(0)
    for x in reversed(c):
        v = v * u + mpf(x.numerator) / x.denominator
    return v


def point(P, u):
    n = len(P) - 1
    x = y = mpf(0)
    for i, (px, py) in enumerate(P):
        b = comb(n, i) * u ** i * (1 - u) ** (n - i)
        x += b * mpf(px)
        y += b * mpf(py)
    return x, y


def meetings(P, A, B):
    ax, ay, bx, by = map(Fraction, (*A, *B))
    dx, dy = bx - ax, by - ay
    g = [(Fraction(px) - ax) * dy * -1 + (Fraction(py) - ay) * dx for px, py in P]
    c = bernstein_to_power(g)
    length = mp.sqrt(mpf(dx.numerator) / dx.denominator * mpf(dx.numerator) / dx.denominator + mpf(dy.numerator) / dy.denominator * mpf(dy.numerator) / dy.denominator)
    xs = [x for x, _ in P] + [A[0], B[0]]
    ys = [y for _, y in P] + [A[1], B[1]]
    size = max(max(xs) - min(xs), max(ys) - min(ys))
    tolerance = 1e-9 * size

    def on_line(x, y):
        w = ((x - mpf(float(ax))) * mpf(float(dx)) + (y - mpf(float(ay))) * mpf(float(dy))) / (mpf(float(dx)) ** 2 + mpf(float(dy)) ** 2)
        return 0 <= w <= 1

    found = []
    coefficients = [mpf(x.numerator) / x.denominator for x in reversed(c)]
    for r in polyroots(coefficients, maxsteps=800, extraprec=1200):
        if abs(mp.im(r)) > mpf(10) ** -100:
            continue
        u = mp.re(r)
        if 0 <= u <= 1:
            x, y = point(P, u)
            if on_line(x, y):
                found.append((x, y))
    slope = [x * (i + 1) for i, x in enumerate(c[1:])]
    curvature = [x * (i + 1) for i, x in enumerate(slope[1:])]
    for r in polyroots([mpf(x.numerator) / x.denominator for x in reversed(slope)], maxsteps=800, extraprec=1200):
        if abs(mp.im(r)) > mpf(10) ** -100:
            continue
        s = mp.re(r)
        if not 0 <= s <= 1 or abs(value(c, s)) / length > tolerance:
            continue
        # Where f turns back towards the line before reaching it, or at it: a touch. Where it
        # turns back past it, the two crossings beside it were found above.
        if value(c, s) * value(curvature, s) < 0:
            continue
        x, y = point(P, s)
        if on_line(x, y):
            found.append((x, y))
    return found, size


rng = random.Random(49)
rows = []
scales = [1e-3, 1.0, 1e3]
while len(rows) < 48:
    scale = scales[len(rows) % 3]
    degree = 2 + (len(rows) // 3) % 2
    P = [(rng.uniform(0, scale), rng.uniform(0, scale)) for _ in range(degree + 1)]
    t0 = rng.uniform(0.2, 0.8)
    px, py = point(P, mpf(t0))
    n = degree
    tx = sum(n * comb(n - 1, i) * t0 ** i * (1 - t0) ** (n - 1 - i) * (P[i + 1][0] - P[i][0]) for i in range(n))
    ty = sum(n * comb(n - 1, i) * t0 ** i * (1 - t0) ** (n - 1 - i) * (P[i + 1][1] - P[i][1]) for i in range(n))
    norm = (tx * tx + ty * ty) ** 0.5
    tx, ty = tx / norm * scale * 0.3, ty / norm * scale * 0.3
    A = (float(px) - tx, float(py) - ty)
    B = (float(px) + tx, float(py) + ty)
    found, size = meetings(P, A, B)
    line = f".line(LineSegment(Point({A[0]!r}, {A[1]!r}), Point({B[0]!r}, {B[1]!r})))"
    rows.append(f"    ({line}, {references.bezier(P)}, {size!r}, [{references.points(found, mp.nstr)}]),")

references.write_swift(
    "TangentLineReferences.swift", "tangent-references.py", "exact fractions, mpmath 120 digits",
    ["Lines along a Bézier's tangent (ends rounded to doubles), the larger side of their bounds, and",
     "every point where they meet."],
    "let tangentLineReferences: [(Segment, Segment, size: Double, [Point])]", rows)
