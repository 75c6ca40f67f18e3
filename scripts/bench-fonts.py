"""Overlap removal on a real variable font, shape beside skia-pathops (what fontmake uses), both
checked against a reference of this script's own.

The corpus: every glyph of two or more contours (components decomposed) of FONT at the weights
100, 400 and 900, its contours as TrueType draws them (lines and quadratics). For each glyph the
work is: draw it, remove its overlaps under the nonzero rule (`simplify` in shape,
`pathops.simplify` in skia-pathops), take the area of the result, and ask whether each of four
points is inside it.

Three shape scripts are timed, each the median of RUNS runs of the release binary (start-up
included): the drawing alone, the drawing with `simplify`, and the whole work. skia-pathops is
timed as a Python loop over the same glyphs (paths built from the recorded contours, then
simplify, area and contains), with the simplify calls alone timed inside it, also the median of
RUNS passes. The runs are interleaved, a round of each at a time.

The reference, independent of both tools:
- the area of the region the glyph fills under the nonzero rule, integrated along y: at each
  height the length of the line inside (the crossings of the y-monotone pieces of the contours,
  from the quadratic formula, summed between those where the winding is not zero), by adaptive
  Gauss-Legendre quadrature between the heights where pieces start and end, halving each interval
  until two estimates agree within REL of the em square;
- whether a point is inside: the winding number of the glyph's own contours about it, the points
  drawn at random in the glyph's bounds and kept only when they lie at least 1e-3 units (of 2816
  to the em in Inter) from every contour along their horizontal line.

A glyph is wrong when its area differs from the reference by more than 1e-6 of the em square
(skia-pathops rounds every coordinate to single precision, about 1e-4 units here) or when a point
is answered wrongly.

Usage: python bench-fonts.py FONT SHAPE WORKDIR [RUNS]
"""
import hashlib
import json
import multiprocessing
import os
import random
import statistics
import subprocess
import sys
import time

import numpy as np
import pathops
from fontTools.pens.basePen import BasePen
from fontTools.ttLib import TTFont

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import end_to_end  # noqa: E402 (the scripts' shared helpers: the machine's use)

WEIGHTS = [100, 400, 900]
POINTS = 4
REL = 1e-10
WRONG = 1e-6


class Recorder(BasePen):
    """The contours as (verb, numbers) tuples: M x y, L x y, Q cx cy x y, Z."""

    def __init__(self, glyphset):
        super().__init__(glyphset)
        self.commands = []

    def _moveTo(self, p):
        self.commands.append(("M", p))

    def _lineTo(self, p):
        self.commands.append(("L", p))

    def _qCurveToOne(self, c, p):
        self.commands.append(("Q", c, p))

    def _curveToOne(self, a, b, p):
        raise ValueError("the font has cubics; this corpus takes TrueType outlines")

    def _closePath(self):
        self.commands.append(("Z",))

    def _endPath(self):
        self.commands.append(("Z",))


def corpus(font_path):
    font = TTFont(font_path)
    glyphs = []
    for weight in WEIGHTS:
        glyphset = font.getGlyphSet(location={"wght": weight})
        for name in font.getGlyphOrder():
            pen = Recorder(glyphset)
            glyphset[name].draw(pen)
            if sum(1 for c in pen.commands if c[0] == "Z") >= 2:
                glyphs.append((f"{name}@{weight}", pen.commands))
    return font["head"].unitsPerEm, glyphs


def pieces(commands):
    """The contours' y-monotone pieces as quadratics (lines with their middle as control point),
    each closed contour closed by a line back to its start."""
    out = []
    start = current = None
    for c in commands:
        if c[0] == "M":
            start = current = c[1]
        elif c[0] == "L":
            out.append((current, ((current[0] + c[1][0]) / 2, (current[1] + c[1][1]) / 2), c[1], True))
            current = c[1]
        elif c[0] == "Q":
            p0, p1, p2 = current, c[1], c[2]
            a = p0[1] - 2 * p1[1] + p2[1]
            t = (p0[1] - p1[1]) / a if a != 0 else -1
            if 0 < t < 1:
                # split at the y extremum (de Casteljau): both halves are monotone in y
                q0 = (p0[0] + t * (p1[0] - p0[0]), p0[1] + t * (p1[1] - p0[1]))
                q1 = (p1[0] + t * (p2[0] - p1[0]), p1[1] + t * (p2[1] - p1[1]))
                m = (q0[0] + t * (q1[0] - q0[0]), q0[1] + t * (q1[1] - q0[1]))
                out.append((p0, q0, m, False))
                out.append((m, q1, p2, False))
            else:
                out.append((p0, p1, p2, False))
            current = p2
        else:
            if current != start:
                out.append((current, ((current[0] + start[0]) / 2, (current[1] + start[1]) / 2), start, True))
            current = start
    return out


class Glyph:
    """A glyph's pieces as arrays, for the crossings of many horizontal lines at once."""

    def __init__(self, commands):
        ps = [p for p in pieces(commands) if p[0][1] != p[2][1]]
        self.x0 = np.array([p[0][0] for p in ps])
        self.x1 = np.array([p[1][0] for p in ps])
        self.x2 = np.array([p[2][0] for p in ps])
        self.y0 = np.array([p[0][1] for p in ps])
        self.y1 = np.array([p[1][1] for p in ps])
        self.y2 = np.array([p[2][1] for p in ps])
        self.line = np.array([p[3] for p in ps])
        self.lo = np.minimum(self.y0, self.y2)
        self.hi = np.maximum(self.y0, self.y2)
        self.up = np.where(self.y2 > self.y0, 1, -1)

    def crossings(self, ys):
        """For each height (a column), the x of each piece's crossing (inf where it does not cross)
        and its direction (0 where it does not)."""
        y = ys[:, None]
        active = (self.lo < y) & (y < self.hi)
        a = self.y0 - 2 * self.y1 + self.y2
        b = 2 * (self.y1 - self.y0)
        c = self.y0 - y
        with np.errstate(divide="ignore", invalid="ignore"):
            linear = self.line | (np.abs(a) <= 1e-12 * np.abs(b))
            # the root in [0, 1] of a t² + b t + c: the form that does not cancel
            disc = np.sqrt(np.maximum(b * b - 4 * a * c, 0))
            q = -0.5 * (b + np.copysign(disc, b))
            r1 = q / a
            r2 = c / q
            t_quad = np.where((r1 >= -1e-12) & (r1 <= 1 + 1e-12), r1, r2)
            t = np.where(linear, (y - self.y0) / (self.y2 - self.y0), t_quad)
            t = np.clip(t, 0, 1)
            s = 1 - t
            xq = s * s * self.x0 + 2 * s * t * self.x1 + t * t * self.x2
            xl = self.x0 + t * (self.x2 - self.x0)
            x = np.where(self.line, xl, xq)
        return np.where(active, x, np.inf), np.where(active, self.up, 0)

    def inside_length(self, ys):
        x, d = self.crossings(ys)
        order = np.argsort(x, axis=1)
        x = np.take_along_axis(x, order, axis=1)
        d = np.take_along_axis(d, order, axis=1)
        winding = np.cumsum(d, axis=1)[:, :-1]
        with np.errstate(invalid="ignore"):
            dx = np.diff(x, axis=1)
        return np.where((winding != 0) & np.isfinite(dx), dx, 0).sum(axis=1)

    def winding(self, px, py):
        x, d = self.crossings(np.array([py]))
        return int(d[0][x[0] > px].sum())

    def near_line(self, px, py, gap):
        """Whether a contour passes within `gap` along the horizontal line through the point, or a
        piece starts or ends within `gap` of its height."""
        if np.any(np.abs(np.concatenate([self.y0, self.y2]) - py) < gap):
            return True
        x, _ = self.crossings(np.array([py]))
        return bool(np.any(np.abs(x[0] - px) < gap))


NODES, WEIGHTS_GL = np.polynomial.legendre.leggauss(8)


def gauss(glyph, a, b):
    """The 8-point Gauss-Legendre estimate over each interval [a, b] (arrays)."""
    half = (b - a) / 2
    ys = ((a + b) / 2)[:, None] + half[:, None] * NODES[None, :]
    lengths = glyph.inside_length(ys.ravel()).reshape(ys.shape)
    return half * (lengths * WEIGHTS_GL).sum(axis=1)


def orders(glyph, ys):
    """The order along x of the pieces crossing each height."""
    x, _ = glyph.crossings(ys)
    return np.argsort(x, axis=1, kind="stable")


def reference_area(glyph, tolerance):
    """(area, bound on its error). An interval is done when its estimate and the sum of its
    halves' agree within its share of `tolerance` and the pieces cross in the same order just
    inside both of its ends: no two of them cross inside it (as far as the ends tell), so that the
    length inside is smooth there (at a crossing it has a corner, which an estimate whose nodes
    miss it cannot see). An interval narrower than 1e-9 of the height counts as it stands, its
    halves' disagreement added to the bound."""
    breaks = np.unique(np.concatenate([glyph.y0, glyph.y2]))
    height = breaks[-1] - breaks[0]
    a, b = breaks[:-1], breaks[1:]
    whole = gauss(glyph, a, b)
    total, bound = 0.0, 0.0
    while len(a):
        m = (a + b) / 2
        both = gauss(glyph, np.concatenate([a, m]), np.concatenate([m, b]))
        left, right = both[:len(a)], both[len(a):]
        inset = (b - a) * 1e-9
        same = (orders(glyph, a + inset) == orders(glyph, b - inset)).all(axis=1)
        agree = np.abs(left + right - whole) <= tolerance * (b - a) / height
        narrow = b - a < 1e-9 * height
        done = (same & agree) | narrow
        total += (left + right)[done].sum()
        bound += np.abs(left + right - whole)[done & ~(same & agree)].sum()
        keep = ~done
        a, m, b = a[keep], m[keep], b[keep]
        left, right = left[keep], right[keep]
        a, b, whole = np.concatenate([a, m]), np.concatenate([m, b]), np.concatenate([left, right])
    return total, bound


def glyph_reference(job):
    commands, tolerance = job
    return reference_area(Glyph(commands), tolerance)


def references(font_path, work, glyphs, em):
    """The reference areas and their error bounds: computed on both cores (about a minute), and
    kept in WORK under a key of the font's bytes and this script's, so that later runs only time."""
    key = hashlib.sha256(open(font_path, "rb").read() + open(__file__, "rb").read()).hexdigest()
    cache = os.path.join(work, "fonts-reference.json")
    if os.path.exists(cache):
        kept = json.load(open(cache))
        if kept["key"] == key:
            return kept["areas"], kept["bounds"]
    with multiprocessing.Pool() as pool:
        found = pool.map(glyph_reference, [(c, REL * em * em) for _, c in glyphs], chunksize=50)
    areas, bounds = [a for a, _ in found], [e for _, e in found]
    json.dump({"key": key, "areas": areas, "bounds": bounds}, open(cache, "w"))
    return areas, bounds


def test_points(glyph, commands, rng):
    xs = [p[0] for c in commands for p in c[1:]]
    ys = [p[1] for c in commands for p in c[1:]]
    found = []
    for _ in range(200):
        if len(found) == POINTS:
            break
        px, py = rng.uniform(min(xs), max(xs)), rng.uniform(min(ys), max(ys))
        if not glyph.near_line(px, py, 1e-3):
            found.append((px, py, glyph.winding(px, py) != 0))
    return found


def number(v):
    return repr(float(v))


def script(glyphs, points, simplify, queries):
    lines = []
    for (name, commands), pts in zip(glyphs, points):
        lines.append(f"clear  # {name}")
        for c in commands:
            if c[0] == "M":
                lines.append(f"move {number(c[1][0])} {number(c[1][1])}")
            elif c[0] == "L":
                lines.append(f"line {number(c[1][0])} {number(c[1][1])}")
            elif c[0] == "Q":
                lines.append(f"quad {number(c[1][0])} {number(c[1][1])} {number(c[2][0])} {number(c[2][1])}")
            else:
                lines.append("close")
        if simplify:
            lines.append("simplify")
        if queries:
            lines.append("area")
            lines += [f"contains {number(px)} {number(py)}" for px, py, _ in pts]
    return "\n".join(lines) + "\n"


def timed_run(command, stdout_path):
    """Seconds of one run of `command`, its standard output into `stdout_path`."""
    with open(stdout_path, "w") as out:
        start = time.perf_counter()
        subprocess.run(command, stdout=out, check=True)
        return time.perf_counter() - start


def skia_path(commands):
    p = pathops.Path()
    p.fillType = pathops.FillType.WINDING
    for c in commands:
        if c[0] == "M":
            p.moveTo(*c[1])
        elif c[0] == "L":
            p.lineTo(*c[1])
        elif c[0] == "Q":
            p.quadTo(*c[1], *c[2])
        else:
            p.close()
    return p


def skia_run(glyphs, points):
    """One pass of the work through skia-pathops: (whole seconds, simplify seconds, answers)."""
    answers = []
    simplify_time = 0.0
    start = time.perf_counter()
    for (_, commands), pts in zip(glyphs, points):
        path = skia_path(commands)
        t = time.perf_counter()
        result = pathops.simplify(path, fix_winding=True)
        simplify_time += time.perf_counter() - t
        answers.append((result.area, [result.contains((px, py)) for px, py, _ in pts]))
    return time.perf_counter() - start, simplify_time, answers


def main():
    font_path, shape, work = sys.argv[1], sys.argv[2], sys.argv[3]
    runs = int(sys.argv[4]) if len(sys.argv) > 4 else 5
    os.makedirs(work, exist_ok=True)
    em, glyphs = corpus(font_path)
    rng = random.Random(49)
    shaped = [Glyph(commands) for _, commands in glyphs]
    points = [test_points(g, commands, rng) for g, (_, commands) in zip(shaped, glyphs)]
    files = {}
    for kind, simplify, queries in [("draw", False, False), ("simplify", True, False), ("whole", True, True)]:
        files[kind] = os.path.join(work, f"fonts-{kind}.shape")
        with open(files[kind], "w") as f:
            f.write(script(glyphs, points, simplify, queries))
    if runs == 0:
        return  # the scripts only (scripts/bench-statements reads fonts-draw.shape)
    reference, uncertainty = references(font_path, work, glyphs, em)
    size = os.path.getsize(files["whole"])
    lines = sum(1 for _ in open(files["whole"]))

    busy = end_to_end.busy_cores()
    out = os.path.join(work, "fonts-whole.out")
    # The runs interleaved (each round: shape's three scripts, then skia-pathops's pass), so that
    # the machine's changes of speed fall on both alike.
    times = {"draw": [], "simplify": [], "whole": []}
    skia = []
    for _ in range(runs):
        for kind in ["draw", "simplify", "whole"]:
            times[kind].append(timed_run([shape, "--quiet", "--precision", "17", files[kind]], out))
        skia.append(skia_run(glyphs, points))
    shape_time = {kind: statistics.median(t) for kind, t in times.items()}
    # the answers of the last run of the whole work
    words = [line.split(": ", 1) for line in open(out).read().splitlines()]
    shape_answers, i = [], 0
    for pts in points:
        assert words[i][0] == "area", words[i]
        shape_answers.append((float(words[i][1]), [w[1] == "true" for w in words[i + 1:i + 1 + len(pts)]]))
        i += 1 + len(pts)

    skia_whole = statistics.median(s[0] for s in skia)
    skia_simplify = statistics.median(s[1] for s in skia)
    skia_answers = skia[-1][2]

    def judge(answers):
        wrong, worst, wrong_points, examples = 0, 0.0, 0, []
        for (name, _), ref, pts, (area, inside) in zip(glyphs, reference, points, answers):
            error = abs(abs(area) - ref) / (em * em)
            worst = max(worst, error)
            bad_points = sum(1 for p, got in zip(pts, inside) if p[2] != got)
            wrong_points += bad_points
            if error > WRONG or bad_points:
                wrong += 1
                if len(examples) < 5:
                    examples.append(f"{name}: area {area!r}, reference {ref!r}, {bad_points} points wrong")
        return wrong, worst, wrong_points, examples

    n_points = sum(len(p) for p in points)
    print(f"fonts: {os.path.basename(font_path)} at weights {', '.join(map(str, WEIGHTS))}: {len(glyphs):,} glyphs "
          f"of two or more contours, {lines:,} lines ({size / 1e6:.1f} MB), {n_points:,} points asked")
    print(f"times: median of {runs} runs; shape's release binary with start-up, skia-pathops {pathops.__version__} "
          f"in a Python loop; {os.cpu_count()} cores, " + (f"{busy:.2f} of them busy with other work in the second "
          f"before the runs" if busy is not None else "their use unknown"))
    if busy is not None and busy > 0.3:
        # shape runs a long script on two threads, the parse beside the run: where another process
        # holds a core, the drawing alone takes up to twice as long, and `simplify alone` (the
        # difference of two such runs) reads too little (docs/geometry.md, "Fonts").
        print("note: the machine was busy before the runs; shape's two threads may have shared a core, "
              "and its figures are not to be compared: run again when it is quiet")
    print(f"reference areas within {max(uncertainty) / (em * em):.0e} of the em square (the largest bound), "
          f"asked to {REL:g}")
    print(f"{'':34}{'shape':>12}{'skia-pathops':>15}")
    print(f"{'whole work':34}{shape_time['whole']:>11.3f}s{skia_whole:>14.3f}s")
    print(f"{'reading and drawing':34}{shape_time['draw']:>11.3f}s{'':>15}")
    simplify_alone = shape_time["simplify"] - shape_time["draw"]
    print(f"{'simplify alone':34}{simplify_alone:>11.3f}s{skia_simplify:>14.3f}s")
    print(f"{'simplify per glyph':34}{simplify_alone / len(glyphs) * 1e6:>10.1f}µs{skia_simplify / len(glyphs) * 1e6:>13.1f}µs")
    failed = False
    for tool, answers in [("shape", shape_answers), ("skia-pathops", skia_answers)]:
        wrong, worst, wrong_points, examples = judge(answers)
        print(f"{tool}: {wrong} glyphs wrong (area beyond {WRONG:g} of the em square, or a point), largest area "
              f"error {worst:.1e} of the em square, {wrong_points} of {n_points:,} points wrong")
        for e in examples:
            print("  " + e)
        failed = failed or (tool == "shape" and wrong > 0)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
