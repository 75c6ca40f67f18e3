"""Runs the stroke cases (written by `ShapeBenchmarks strokes-dump`) through the peers: skia-python
(Skia's stroker, Paint.getFillPath with round caps and joins, at resScale 1 and 1000, and at 1000
followed by PathOps' Simplify for one outline without overlaps as shape makes; its conics become
quadratics by Path.ConvertConicToQuads with 2^5 pieces) and, for the offset-curve cases,
kurbopy's offset_cubic at tolerance 1e-6. One line per result: peer, index, seconds (the fastest
of three calls), SVG path data or "ERROR ..."; offset curves: peer, "offset", index, d, seconds,
SVG data. `ShapeBenchmarks strokes-check` judges them.

Usage: python bench-strokes.py CASES OUT
"""
import sys

import skia
import kurbopy

import svgdata


def skia_path(commands):
    return svgdata.replay(commands, skia.Path())


def svg_of_skia(path):
    out = []
    it = skia.Path.Iter(path, False)
    while True:
        verb, pts = it.next()
        if verb == skia.Path.kDone_Verb:
            break
        if verb == skia.Path.kMove_Verb:
            out.append("M %r %r" % (pts[0].x(), pts[0].y()))
        elif verb == skia.Path.kLine_Verb:
            out.append("L %r %r" % (pts[1].x(), pts[1].y()))
        elif verb == skia.Path.kQuad_Verb:
            out.append("Q %r %r %r %r" % (pts[1].x(), pts[1].y(), pts[2].x(), pts[2].y()))
        elif verb == skia.Path.kConic_Verb:
            quads = skia.Path.ConvertConicToQuads(pts[0], pts[1], pts[2], it.conicWeight(), 5)
            for k in range(1, len(quads), 2):
                out.append("Q %r %r %r %r" % (quads[k].x(), quads[k].y(), quads[k + 1].x(), quads[k + 1].y()))
        elif verb == skia.Path.kCubic_Verb:
            out.append("C %r %r %r %r %r %r" % (pts[1].x(), pts[1].y(), pts[2].x(), pts[2].y(), pts[3].x(), pts[3].y()))
        elif verb == skia.Path.kClose_Verb:
            out.append("Z")
    return " ".join(out)


def skia_stroke(src, width, res_scale):
    paint = skia.Paint(Style=skia.Paint.kStroke_Style, StrokeWidth=width, StrokeCap=skia.Paint.kRound_Cap, StrokeJoin=skia.Paint.kRound_Join)
    dst = skia.Path()
    paint.getFillPath(src, dst, None, res_scale)
    return dst



def main(cases, out_name):
    with open(cases) as f, open(out_name, "w") as out:
        for line in f:
            fields = line.rstrip("\n").split("\t")
            if fields[0] == "offset":
                index, d = fields[1], float(fields[2])
                v = [float(x) for x in fields[3].split()]
                c = kurbopy.CubicBez(kurbopy.Point(v[0], v[1]), kurbopy.Point(v[2], v[3]), kurbopy.Point(v[4], v[5]), kurbopy.Point(v[6], v[7]))
                for dd in (d, -d):
                    try:
                        seconds, r = svgdata.fastest(lambda: kurbopy.offset_cubic(c, dd, 1e-6))
                        svg = r.to_svg()
                    except Exception as e:
                        seconds, svg = 0.0, "ERROR " + repr(e)[:200]
                    out.write("kurbopy\toffset\t%s\t%r\t%r\t%s\n" % (index, dd, seconds, svg))
                continue
            index, name, width, data = fields[0], fields[1], float(fields[2]), fields[3]
            src = skia_path(data)
            for peer, scale, simplify in (
                ("skia-python", 1.0, False),
                ("skia-python resScale 1000", 1000.0, False),
                ("skia-python resScale 1000 + Simplify", 1000.0, True),
            ):
                try:
                    if simplify:
                        seconds, dst = svgdata.fastest(lambda: skia.Simplify(skia_stroke(src, width, scale)))
                    else:
                        seconds, dst = svgdata.fastest(lambda: skia_stroke(src, width, scale))
                    svg = svg_of_skia(dst)
                except Exception as e:
                    seconds, svg = 0.0, "ERROR " + repr(e)[:200]
                out.write("%s\t%s\t%r\t%s\n" % (peer, index, seconds, svg))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
