#!/usr/bin/env python3
"""Writes Tests/ShapeGeometryTests/QuadraticLengthReferences.swift: quadratic Béziers with their
lengths from t = 0 to some t, computed independently of shape's closed form: mpmath's tanh-sinh
quadrature of the speed |B'(t)| at 40 digits, from the doubles' exact values, with the interval
cut at the speed's minimum (where a curve that turns back has a corner in its speed).

The set: random curves at the scales 1e-200, 1e-3, 1, 1e3 and 1e200; curves nearly straight and
evenly drawn (the control point 1e-4 to 1e-13 of the size off the chord's middle), where the
textbook closed form loses its digits; curves that turn back (the end near the start, or past
it on the line), down to exactly collinear ones whose speed reaches zero; a control point on an
end; and partial lengths.

Not part of the required test path: it needs mpmath (installed into .build/ref-venv when the
script is run as `scripts/quadratic-length-references.py`). Rerun it only to change the set.
"""
import math, os, random, sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
import references  # noqa: E402

references.ensure("mpmath")

from mpmath import mp, mpf, sqrt, quad, nstr  # noqa: E402

mp.dps = 40


def length(p, t):
    # at the scale of 1 (by a power of two, exactly): quad's tolerance is absolute
    k = mpf(2) ** -max(math.frexp(abs(v))[1] for q in p for v in q)
    return unit_length([(mpf(a) * k, mpf(b) * k) for a, b in p], t) / k


def unit_length(p, t):
    (x0, y0), (x1, y1), (x2, y2) = p
    ax, ay = x0 - 2 * x1 + x2, y0 - 2 * y1 + y2
    bx, by = x1 - x0, y1 - y0

    def speed(s):
        return 2 * sqrt((ax * s + bx) ** 2 + (ay * s + by) ** 2)

    cuts = [mpf(0), mpf(t)]
    aa = ax * ax + ay * ay
    if aa > 0:
        m = -(ax * bx + ay * by) / aa
        if 0 < m < t:
            cuts.insert(1, m)
    return quad(speed, cuts)


def main():
    rng = random.Random(2026_12_04)
    cases = []
    for scale in [1e-200, 1e-3, 1.0, 1e3, 1e200]:
        for _ in range(6):
            cases.append(([(rng.uniform(-1, 1) * scale, rng.uniform(-1, 1) * scale) for _ in range(3)], 1.0))
    for eps in [1e-4, 1e-7, 1e-10, 1e-13]:
        for _ in range(3):
            x0, y0, x2, y2 = (rng.uniform(-100, 100) for _ in range(4))
            nx, ny = -(y2 - y0), x2 - x0
            mx, my = (x0 + x2) / 2 + eps * nx, (y0 + y2) / 2 + eps * ny
            cases.append(([(x0, y0), (mx, my), (x2, y2)], 1.0))
    for eps in [1e-2, 1e-5, 1e-9, 1e-14, 0.0]:
        # turning back: the end near the start, the control point far
        cases.append(([(0.0, 0.0), (37.5, 11.25), (eps * 3, eps * 7)], 1.0))
        cases.append(([(1.0, 2.0), (11.0, 2.0 + eps), (4.0, 2.0)], 1.0))
    cases += [
        ([(3.0, 4.0), (3.0, 4.0), (10.0, -1.0)], 1.0),
        ([(3.0, 4.0), (10.0, -1.0), (10.0, -1.0)], 1.0),
        ([(3.0, 4.0), (3.0, 4.0), (3.0, 4.0)], 1.0),
        ([(0.0, 0.0), (0.5, 0.0), (1.0, 1.0)], 1.0),
        ([(0.0, 0.0), (50.0, 100.0), (100.0, 0.0)], 1.0),
    ]
    for _ in range(8):
        p = [(rng.uniform(-50, 50), rng.uniform(-50, 50)) for _ in range(3)]
        cases.append((p, rng.choice([0.25, 0.5, rng.random()])))
    cases.append(([(1.0, 2.0), (11.0, 2.0), (4.0, 2.0)], 0.3))
    cases.append(([(1.0, 2.0), (11.0, 2.0), (4.0, 2.0)], 0.8))
    rows = []
    for p, t in cases:
        value = length(p, t)
        with mp.workdps(60):  # the quadrature checked against itself at 60 digits
            assert abs(length(p, t) - value) <= mpf(10) ** -32 * abs(value), (p, t)
        rows.append(f"    (QuadraticBezier({', '.join(f'Point({x!r}, {y!r})' for x, y in p)}), {t!r}, "
                    f"{nstr(value, 25)}),")
    references.write_swift(
        "QuadraticLengthReferences.swift", "quadratic-length-references.py", "mpmath, 40 digits",
        ["Quadratic Béziers, a parameter t and the curve's length from 0 to t (see the script)."],
        "let quadraticLengthReferences: [(QuadraticBezier, Double, Double)]", rows)


main()
