#!/usr/bin/env python3
"""An independent check of a stroke (docs/results.md, S5): `scripts/stroke-oracle.py FILE BINARY
[POINTS]` reads a script of one open subpath of lines and Béziers ending in `stroke W [cap C]
[join J] [limit M]`, asks BINARY whether each of POINTS random points about it (800 by default)
is in the result (`contains`), and compares with its own answer, written from the definition
and not from how shape builds strokes: a point is in the stroke when it lies on a normal of
length at most W/2 of a point of the path (its feet, where (x − B(t))·B′(t) changes sign, found
by 20,000 samples a segment, more towards its ends, each segment also run backwards, and
bisection), or in a join (the miter's polygon within the limit,
else the bevel's triangle; a round join's disk), or in a cap (a round cap's disk, a square
cap's square), with shape's two conventions: a Bézier's end where its speed is below 1e-9 of
its bound is at rest (its control point on it), and where it stops inside (turns back) the
stroke holds the disk about that point, as Skia's does. Points within 1e-5 of the drawing of a boundary are
not asked. Prints how many
answers differ, and exits 1 when some do. Needs numpy (scripts/bench-fonts's environment has
it: .build/peers-venv/bin/python). WSCALE=1.003 in the environment widens the oracle's stroke
by that factor, to see that it tells the difference."""
import math
import os
import random
import subprocess
import sys
import tempfile

import numpy as np

lines = open(sys.argv[1]).read().splitlines()
binary = sys.argv[2]
count = int(sys.argv[3]) if len(sys.argv) > 3 else 800
segments, current = [], None
cap, join, limit, width = "butt", "miter", 10.0, None
for line in lines:
    words = line.split()
    if not words or words[0].startswith("#"):
        continue
    if words[0] == "stroke":
        width = float(words[1])
        if "cap" in words: cap = words[words.index("cap") + 1]
        if "join" in words: join = words[words.index("join") + 1]
        if "limit" in words: limit = float(words[words.index("limit") + 1])
        continue
    values = [float(v) for v in words[1:]]
    points = [(values[i], values[i + 1]) for i in range(0, len(values), 2)]
    if words[0] == "move":
        current = points[0]
    elif words[0] in ("line", "quad", "curve"):
        segments.append(np.array([current] + points))
        current = points[-1]
    else:
        sys.exit(f"stroke-oracle: {words[0]} is not read here (lines and Béziers only)")
if width is None or not segments:
    sys.exit("stroke-oracle: no stroke of a drawn path")
# shape's convention for a Bézier whose speed at an end is below 1e-9 of its speed bound (n
# times its control polygon's longest leg): that end is at rest, its control point on it (the
# turn the curve makes within about 1e-9 of its parameter there is not swept).
for P in segments:
    n = len(P) - 1
    if n < 2:
        continue
    bound = n * max(np.linalg.norm(P[k + 1] - P[k]) for k in range(n))
    start, end = n * np.linalg.norm(P[1] - P[0]) <= 1e-9 * bound, n * np.linalg.norm(P[n] - P[n - 1]) <= 1e-9 * bound
    if start:
        P[1] = P[0]
    if end and (n == 3 or not start):
        P[n - 1] = P[n]
h = width / 2 * float(os.environ.get("WSCALE", "1"))


def bezier(P, t):
    n = len(P) - 1
    t = t[:, None]
    return sum(math.comb(n, k) * (1 - t) ** (n - k) * t ** k * P[k] for k in range(n + 1))


def derivative(P, t):
    return bezier((len(P) - 1) * (P[1:] - P[:-1]), t)


def direction(P, end):
    """The direction of travel at an end: from the nearest control point apart from it."""
    others = P[1:] if end == 0 else P[-2::-1]
    tip = P[0] if end == 0 else P[-1]
    for q in others:
        if not np.array_equal(q, tip):
            d = (q - tip) if end == 0 else (tip - q)
            return d / np.linalg.norm(d)
    return np.array([1.0, 0.0])


# Evenly, and geometrically towards both ends (where a curve that nearly rests turns within
# 1e-8 of its parameter); each segment also run backwards, whose parameter near its end has
# the precision that 1 − t lacks.
ends = 10.0 ** -(np.arange(24, 129) / 8)
T = np.unique(np.concatenate([np.linspace(0, 1, 20001), ends, 1 - ends]))
feet_of = segments + [P[::-1].copy() for P in segments]
sampled_feet = [(bezier(P, T), derivative(P, T)) for P in feet_of]
sampled = sampled_feet[:len(segments)]


# shape's convention where a Bézier stops inside (its speed below 1e-9 of its bound, where it
# turns back: a cusp), as Skia's: the stroke holds the disk of radius W/2 about that point.
stops = []
for P, (B, D) in zip(feet_of, sampled_feet):
    n = len(P) - 1
    bound = n * max(np.linalg.norm(P[k + 1] - P[k]) for k in range(n))
    speed = np.linalg.norm(D, axis=1)
    # (A least speed inside, more than 1e-9 of the parameter from an end: nearer, it is that end.)
    for i in range(1, len(T) - 1):
        if 1e-9 < T[i] < 1 - 1e-9 and speed[i] <= 1e-9 * bound and speed[i] <= speed[i - 1] and speed[i] <= speed[i + 1]:
            stops.append(B[i])


def on_a_normal(x, margin):
    """True when x is on a normal within h - margin, None when one foot is within margin of h."""
    unsure = False
    for P, (B, D) in zip(feet_of, sampled_feet):
        g = ((x - B) * D).sum(1)
        # (Strict sign changes: at an end at rest g is 0 whatever x is.)
        for i in np.nonzero(np.sign(g[:-1]) * np.sign(g[1:]) < 0)[0]:
            lo, hi, low = T[i], T[i + 1], g[i]
            for _ in range(50):
                m = 0.5 * (lo + hi)
                gm = ((x - bezier(P, np.array([m]))[0]) * derivative(P, np.array([m]))[0]).sum()
                if (gm < 0) == (low < 0):
                    lo, low = m, gm
                else:
                    hi = m
            t = 0.5 * (lo + hi)
            if t <= 0 or t >= 1:
                continue
            d = np.linalg.norm(x - bezier(P, np.array([t]))[0])
            if d <= h - margin:
                return True
            if d < h + margin:
                unsure = True
    return None if unsure else False


def in_polygon(x, polygon, margin):
    """A convex polygon, either way round: True inside, None within margin of a side."""
    sides = []
    for a, b in zip(polygon, polygon[1:] + polygon[:1]):
        e = b - a
        length = np.linalg.norm(e)
        if length > 0:
            sides.append((e[0] * (x - a)[1] - e[1] * (x - a)[0]) / length)
    if all(c > margin for c in sides) or all(c < -margin for c in sides):
        return True
    if all(c > -margin for c in sides) or all(c < margin for c in sides):
        return None
    return False


def in_disk(x, centre, margin):
    d = np.linalg.norm(x - centre)
    return True if d <= h - margin else (None if d < h + margin else False)


def expected(x, margin):
    answers = [on_a_normal(x, margin)] + [in_disk(x, c, margin) for c in stops]
    for end, outward in [(segments[0][0], -direction(segments[0], 0)), (segments[-1][-1], direction(segments[-1], 1))]:
        if cap == "round":
            answers.append(in_disk(x, end, margin))
        elif cap == "square":
            n = np.array([-outward[1], outward[0]])
            answers.append(in_polygon(x, [end + n * h, end + n * h + outward * h, end - n * h + outward * h, end - n * h], margin))
    for a, b in zip(segments, segments[1:]):
        vertex, d0, d1 = a[-1], direction(a, 1), direction(b, 0)
        turn = d0[0] * d1[1] - d0[1] * d1[0]
        if turn == 0 and d0.dot(d1) > 0:
            continue
        if join == "round":
            answers.append(in_disk(x, vertex, margin))
            continue
        # The normals on the outer side of the turn.
        n0, n1 = np.array([-d0[1], d0[0]]), np.array([-d1[1], d1[0]])
        if turn > 0:
            n0, n1 = -n0, -n1
        half = math.sqrt(max(0.0, (1 + d0.dot(d1)) / 2))  # sin of half the angle between the segments
        if join == "miter" and half > 0 and 1 / half <= limit:
            m = (n0 + n1) / np.linalg.norm(n0 + n1)
            tip = vertex + m * (h / math.sqrt(max(1e-300, (1 + n0.dot(n1)) / 2)))
            answers.append(in_polygon(x, [vertex, vertex + n0 * h, tip, vertex + n1 * h], margin))
        else:
            answers.append(in_polygon(x, [vertex, vertex + n0 * h, vertex + n1 * h], margin))
    if any(a is True for a in answers):
        return True
    return None if any(a is None for a in answers) else False


drawn = np.concatenate([B for B, _ in sampled])
low, high = drawn.min(0) - width, drawn.max(0) + width
margin = 1e-5 * max(high - low)
rng = random.Random(2)
asked = []
while len(asked) < count:
    x = np.array([rng.uniform(low[0], high[0]), rng.uniform(low[1], high[1])])
    want = expected(x, margin)
    if want is not None:
        asked.append((x, want))
script = "\n".join(l for l in lines if not l.startswith("#")) + "\n"
script += "\n".join(f"contains {float(x[0])!r} {float(x[1])!r}" for x, _ in asked) + "\n"
with tempfile.TemporaryDirectory() as folder:
    path = os.path.join(folder, "asked.shape")
    with open(path, "w") as f:
        f.write(script)
    run = subprocess.run([binary, path], capture_output=True, text=True)
answers = [l.strip().endswith("true") for l in run.stdout.splitlines() if l.startswith("contains")]
if len(answers) != len(asked):
    sys.exit(f"stroke-oracle: {len(answers)} answers of {len(asked)}: {(run.stdout + run.stderr)[-300:]}")
wrong = [(float(x[0]), float(x[1]), want) for (x, want), got in zip(asked, answers) if want != got]
print(f"{sys.argv[1]}: {len(asked)} points, {sum(w for _, w in asked)} inside, {len(wrong)} answered otherwise {wrong[:3]}")
sys.exit(1 if wrong else 0)
