"""Runs the boolean-operation corpus (written by `ShapeBenchmarks booleans-dump`) through the peers:
skia-pathops (Skia's PathOps, in single precision as Skia computes) and linesweeper, both given arcs
as cubics of at most 22.5 degrees, within 1e-7 of the radius. (Not as conics: PathOps' winding fix
reads no conics, and skia-pathops 0.9.2's convertConicsToQuads bends some of them wrongly: the
conic from (0, 0) through control (10, 0) to (10, 10) comes out starting towards (1, 1).) For each case and operation it writes one line:
peer, case index, rule, operation, seconds (the fastest of three calls), and the result as SVG path
data, or "ERROR ..." when the peer raised. `ShapeBenchmarks booleans-check` then judges the results
with the same sampling check as shape's own.

Usage: python bench-booleans.py CORPUS OUT
"""
import sys

import pathops

import svgdata
from fontTools.pens.svgPathPen import SVGPathPen

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



def main():
    corpus, out_name = sys.argv[1], sys.argv[2]
    out = open(out_name, "w")
    for line in open(corpus):
        index, rule, name, a_cubic, b_cubic = line.rstrip("\n").split("\t")
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
