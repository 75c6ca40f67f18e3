#!/usr/bin/env python3
"""Times the geometry workloads W1-W4 in the peers, on the data shape's benchmark dumped, and
compares with shape's own times and results. Run through scripts/bench-peers, which installs the
peers into a throwaway virtual environment. Usage: bench-peers.py DATA_DIR SHAPE_BENCH_OUTPUT"""
import math, re, sys, time
import kurbopy as K
import skia

data, shape_output = sys.argv[1], open(sys.argv[2]).read()

def rows(name):
    return [[float(x) for x in line.split()] for line in open(f"{data}/{name}") if line.strip()]

def shape_ms(prefix):
    m = re.search(re.escape(prefix) + r".*?min\s+([0-9.]+)\s+ms", shape_output)
    return float(m.group(1)) if m else float("nan")

def best(fn, repeats):
    times = []
    for _ in range(repeats):
        t = time.perf_counter(); fn(); times.append((time.perf_counter() - t) * 1e3)
    return min(times)

P = K.Point
table = []

# W1: lengths of 10,000 cubics, kurbo at accuracy 1e-9.
cubics = [K.CubicBez(P(r[0], r[1]), P(r[2], r[3]), P(r[4], r[5]), P(r[6], r[7])) for r in rows("w1.txt")]
reference = [r[0] for r in rows("w1-lengths.txt")]
w1 = best(lambda: [c.arclen(1e-9) for c in cubics], 5)
overhead = best(lambda: [c.start() for c in cubics], 5)   # a trivial call: the binding's cost
worst = max(abs(c.arclen(1e-9) - L) / L for c, L in zip(cubics, reference))
table.append(("W1 length of 10,000 cubics", shape_ms("W1"), w1 - overhead, "kurbo",
              f"kurbo at 1e-9: worst relative error {worst:.1e} (against shape at 1e-12); "
              f"{overhead:.1f} ms of Python call overhead subtracted"))

# W2: dash 1 1 along ~100,000 units of cubics, Skia's dash path effect.
w2 = rows("w2.txt")
src = skia.Path(); src.moveTo(*w2[0])
for r in w2[1:]: src.cubicTo(*r)
effect = skia.DashPathEffect.Make([1.0, 1.0], 0.0)
def dash():
    dst = skia.Path()
    effect.filterPath(dst, src, skia.StrokeRec(skia.StrokeRec.kHairline_InitStyle), src.computeTightBounds())
    return dst
w2_ms = best(dash, 5)
starts = []
for verb, pts in dash():
    if verb == skia.Path.kMove_Verb: starts.append(pts[0])
exact = rows("w2-starts.txt")
n = min(len(starts), len(exact))
drift = max(math.hypot(starts[k].x() - exact[k][0], starts[k].y() - exact[k][1]) for k in range(n))
table.append(("W2 dash 1 1, ~100k units", shape_ms("W2"), w2_ms, "Skia",
              f"Skia: {len(starts)} dashes (exact: {len(exact)}), its dash starts drift up to {drift:.3g} units"))

# W3: 1,000 nearest-point queries against a 100-cubic path, kurbo at 1e-9.
w3 = rows("w3.txt")
segs, cur = [], P(*w3[0])
for r in w3[1:]:
    segs.append(K.CubicBez(cur, P(r[0], r[1]), P(r[2], r[3]), P(r[4], r[5]))); cur = P(r[4], r[5])
queries = [P(*r) for r in rows("w3-queries.txt")]
shape_d = [r[0] for r in rows("w3-distances.txt")]
result = []
def nearest():
    result.clear()
    for q in queries: result.append(math.sqrt(min(s.nearest(q, 1e-9).get_distance_sq() for s in segs)))
w3_ms = best(nearest, 1)
diff = max(abs(a - b) for a, b in zip(result, shape_d))
table.append(("W3 1,000 nearest points, 100 cubics", shape_ms("W3"), w3_ms, "kurbo",
              f"kurbo at 1e-9: largest difference from shape's distances {diff:.1e}"))

# W4: 100,000 hit tests against a closed 200-element path, Skia.
w4 = rows("w4.txt")
path = skia.Path(); path.moveTo(*w4[0])
for r in w4[1:]: path.cubicTo(*r)
path.close()
q4 = rows("w4-queries.txt")
inside = [r[0] == 1 for r in rows("w4-inside.txt")]
flags = []
def contains():
    flags.clear()
    for x, y in q4: flags.append(path.contains(x, y))
w4_ms = best(contains, 3)
mismatches = sum(1 for a, b in zip(flags, inside) if a != b)
table.append(("W4 100,000 contains, 200 elements", shape_ms("W4"), w4_ms, "Skia",
              f"Skia: {mismatches} of 100,000 answers differ from shape's (nonzero rule)"))

print(f"{'workload':38} {'shape ms':>10} {'peer ms':>10} {'peer':>6} {'shape/peer':>11}")
for name, mine, theirs, peer, note in table:
    print(f"{name:38} {mine:10.2f} {theirs:10.2f} {peer:>6} {mine / theirs:11.4f}")
print()
for name, _, _, _, note in table: print(f"{name}: {note}")
