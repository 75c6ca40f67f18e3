"""Runs the boolean-operation corpus (written by `ShapeBenchmarks booleans-dump`) through the peers,
each on the input it can take:

- skia (skia-python: Skia's PathOps, in single precision as Skia computes), on identical input:
  lines, quadratics and cubics as they are, and arcs as conics of at most a quarter turn, which
  are the arcs exactly (Skia's own arcs are conics). Its results' conics are written as quadratics
  within 1e-9 by the rational de Casteljau split below (SVG has no conics).
- skia-pathops (the same PathOps through another binding) with arcs as cubics of at most 22.5
  degrees, within 1e-7 of the radius: its conicTo loses the control point (0.9.2 stores the end
  point in its place), and its winding fix reads no conics.
- linesweeper, with the same cubics (kurbo's paths have no conics).

For each case and operation it writes one line: peer, case index, rule, operation, seconds (the
fastest of three calls of the operation on paths made beforehand, through Python: the call's
overhead, about a microsecond, is in it; shape's own times, from `ShapeBenchmarks booleans`, are
of the operation alone, in Swift, fastest of three), and the result as SVG path data, or "ERROR
..." when the peer raised. `ShapeBenchmarks booleans-check` then judges the results with the same
sampling check as shape's own.

Usage: python bench-booleans.py CORPUS OUT
"""
import math
import sys

import pathops

import svgdata
from fontTools.pens.svgPathPen import SVGPathPen

try:
    import skia
except Exception:  # skia-python is optional too: left out if it does not install
    skia = None

try:
    import linesweeper
    from kurbopy import BezPath
except Exception:  # linesweeper is optional: it is left out if it does not install
    linesweeper = None

OPERATIONS = ["union", "intersect", "subtract", "xor", "simplify"]
SKIA_OP = {
    "union": pathops.PathOp.UNION,
    "intersect": pathops.PathOp.INTERSECTION,
    "subtract": pathops.PathOp.DIFFERENCE,
    "xor": pathops.PathOp.XOR,
}
SWEEP_OP = {"union": "union", "intersect": "intersection", "subtract": "difference", "xor": "xor"}


def skia_path(commands, rule):
    p = pathops.Path()
    p.fillType = pathops.FillType.WINDING if rule == "nonzero" else pathops.FillType.EVEN_ODD
    return svgdata.replay(commands, p)


def svg_of(path):
    pen = SVGPathPen(None, ntos=repr)
    path.draw(pen)
    return pen.getCommands()



def skia_conic_path(data, rule):
    """A skia.Path from the dump's conic data (M, L, Q, C, K, Z)."""
    p = skia.Path()
    p.setFillType(skia.PathFillType.kWinding if rule == "nonzero" else skia.PathFillType.kEvenOdd)
    counts = {"M": 2, "L": 2, "Q": 4, "C": 6, "K": 5, "Z": 0}
    tokens = data.split()
    i = 0
    while i < len(tokens):
        verb = tokens[i]
        v = [float(x) for x in tokens[i + 1:i + 1 + counts[verb]]]
        i += 1 + counts[verb]
        if verb == "M": p.moveTo(*v)
        elif verb == "L": p.lineTo(*v)
        elif verb == "Q": p.quadTo(*v)
        elif verb == "C": p.cubicTo(*v)
        elif verb == "K": p.conicTo(*v)
        else: p.close()
    return p


def conic_quads(p0, p1, p2, w, tolerance, out, depth=0):
    """Quadratics within `tolerance` of the conic (p0, p1, p2; weight w): split at its middle (in
    homogeneous coordinates both halves have weight sqrt((1 + w) / 2)) until the quadratic with the
    same control points is that near. The distance between the conic and that quadratic is at most
    |w - 1| / (4 (1 + w)) times |p0 - 2 p1 + p2| (their middles), and both bulge the same way."""
    bulge = math.hypot(p0[0] - 2 * p1[0] + p2[0], p0[1] - 2 * p1[1] + p2[1])
    if depth >= 20 or abs(w - 1) / (4 * (1 + w)) * bulge <= tolerance:
        out.append((p1, p2))
        return
    left = ((p0[0] + w * p1[0]) / (1 + w), (p0[1] + w * p1[1]) / (1 + w))
    right = ((w * p1[0] + p2[0]) / (1 + w), (w * p1[1] + p2[1]) / (1 + w))
    middle = ((p0[0] + 2 * w * p1[0] + p2[0]) / (2 + 2 * w), (p0[1] + 2 * w * p1[1] + p2[1]) / (2 + 2 * w))
    half = math.sqrt((1 + w) / 2)
    conic_quads(p0, left, middle, half, tolerance, out, depth + 1)
    conic_quads(middle, right, p2, half, tolerance, out, depth + 1)


def skia_svg(path):
    """SVG path data of a skia.Path, its conics as quadratics within 1e-9."""
    parts = []
    it = skia.Path.Iter(path, False)
    while True:
        verb, pts = it.next()
        if verb == skia.Path.Verb.kDone_Verb:
            break
        q = [(float(p.x()), float(p.y())) for p in pts]
        if verb == skia.Path.Verb.kMove_Verb:
            parts.append(f"M {q[0][0]!r} {q[0][1]!r}")
        elif verb == skia.Path.Verb.kLine_Verb:
            parts.append(f"L {q[1][0]!r} {q[1][1]!r}")
        elif verb == skia.Path.Verb.kQuad_Verb:
            parts.append(f"Q {q[1][0]!r} {q[1][1]!r} {q[2][0]!r} {q[2][1]!r}")
        elif verb == skia.Path.Verb.kConic_Verb:
            quads = []
            conic_quads(q[0], q[1], q[2], float(it.conicWeight()), 1e-9, quads)
            parts += [f"Q {c[0]!r} {c[1]!r} {e[0]!r} {e[1]!r}" for c, e in quads]
        elif verb == skia.Path.Verb.kCubic_Verb:
            parts.append(f"C {q[1][0]!r} {q[1][1]!r} {q[2][0]!r} {q[2][1]!r} {q[3][0]!r} {q[3][1]!r}")
        elif verb == skia.Path.Verb.kClose_Verb:
            parts.append("Z")
    return " ".join(parts)


def main():
    corpus, out_name = sys.argv[1], sys.argv[2]
    out = open(out_name, "w")
    for line in open(corpus):
        index, rule, name, a_cubic, b_cubic, a_conic, b_conic = line.rstrip("\n").split("\t")
        if skia is not None:
            ka, kb = skia_conic_path(a_conic, rule), skia_conic_path(b_conic, rule)
            ops = {"union": skia.PathOp.kUnion_PathOp, "intersect": skia.PathOp.kIntersect_PathOp,
                   "subtract": skia.PathOp.kDifference_PathOp, "xor": skia.PathOp.kXOR_PathOp}
            for op in OPERATIONS:
                try:
                    # PathOps answers under the even-odd rule when it likes; AsWinding turns the
                    # answer into one under nonzero, as skia-pathops' fix_winding does (timed
                    # with the operation, as there).
                    if op == "simplify":
                        seconds, result = svgdata.fastest(lambda: skia.AsWinding(skia.Simplify(ka)))
                    else:
                        seconds, result = svgdata.fastest(lambda: skia.AsWinding(skia.Op(ka, kb, ops[op])))
                    text = skia_svg(result)
                except Exception as e:
                    seconds, text = 0.0, "ERROR " + type(e).__name__ + " " + str(e).replace("\t", " ").replace("\n", " ")
                out.write(f"skia\t{index}\t{rule}\t{op}\t{seconds!r}\t{text}\n")
        a, b = skia_path(a_cubic, rule), skia_path(b_cubic, rule)
        for op in OPERATIONS:
            try:
                if op == "simplify":
                    seconds, result = svgdata.fastest(lambda: pathops.simplify(a, fix_winding=True))
                else:
                    seconds, result = svgdata.fastest(lambda: pathops.op(a, b, SKIA_OP[op], fix_winding=True))
                # Conics out as quadratics within 1e-9 (SVG has no conics).
                result.convertConicsToQuads(1e-9)
                text = svg_of(result)
            except Exception as e:
                seconds, text = 0.0, "ERROR " + type(e).__name__ + " " + str(e).replace("\t", " ").replace("\n", " ")
            out.write(f"skia-pathops\t{index}\t{rule}\t{op}\t{seconds!r}\t{text}\n")
        if linesweeper is None:
            continue
        pa, pb = BezPath.from_svg(a_cubic), BezPath.from_svg(b_cubic)
        empty = BezPath()
        for op in OPERATIONS:
            try:
                if op == "simplify":
                    seconds, svgs = svgdata.fastest(lambda: linesweeper.linesweeper._binary_op(pa, empty, rule, "union"))
                else:
                    seconds, svgs = svgdata.fastest(lambda: linesweeper.linesweeper._binary_op(pa, pb, rule, SWEEP_OP[op]))
                text = " ".join(svgs)
            except Exception as e:
                seconds, text = 0.0, "ERROR " + type(e).__name__ + " " + str(e).replace("\t", " ").replace("\n", " ")
            out.write(f"linesweeper\t{index}\t{rule}\t{op}\t{seconds!r}\t{text}\n")
    out.close()


main()
