"""The end-to-end scripts E1 and E4 and the 100,000-curve script of the memory figure (docs/robustness.md), written from the data that
`ShapeBenchmarks --dump` leaves in DATA: each as a `.shape` script and as a Python script doing the
same work with a peer (kurbopy for E1, skia-python for E4). Used by bench-scripts.py and
bench-statements.py."""
import os, random, time


def rows(data, name):
    return [line.split() for line in open(os.path.join(data, name)) if line.strip()]


def write(out, name, lines):
    path = os.path.join(out, name)
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    return path


def e1(data, out):
    """A move and 10,000 curves with W1's control points, each from where the last ended, then
    the length; kurbo sums the same cubics. Returns the two scripts' paths."""
    w1 = rows(data, "w1.txt")
    shape_lines = [f"move {w1[0][0]} {w1[0][1]}"]
    py_lines = ["from kurbopy import CubicBez as C, Point as P", "t = 0.0", f"p = P({w1[0][0]}, {w1[0][1]})"]
    for r in w1:
        shape_lines.append(f"curve {' '.join(r[2:8])}")
        py_lines.append(f"q = P({r[6]}, {r[7]}); t += C(p, P({r[2]}, {r[3]}), P({r[4]}, {r[5]}), q).arclen(1e-9); p = q")
    shape_lines.append("length")
    py_lines.append("print('length', repr(t))")
    return write(out, "E1.shape", shape_lines), write(out, "E1.py", py_lines)


def e4(data, out):
    """100,000 `contains` against W4's closed 200-element path, every answer printed; Skia answers
    the same. Returns the two scripts' paths."""
    w4, q4 = rows(data, "w4.txt"), rows(data, "w4-queries.txt")
    shape_lines = [f"move {w4[0][0]} {w4[0][1]}"] + [f"curve {' '.join(r)}" for r in w4[1:]] + ["close"]
    shape_lines += [f"contains {x} {y}" for x, y in q4]
    py_lines = ["import skia", "p = skia.Path()", f"p.moveTo({w4[0][0]}, {w4[0][1]})"]
    py_lines += [f"p.cubicTo({', '.join(r)})" for r in w4[1:]] + ["p.close()", "c = p.contains"]
    py_lines += [f"print(c({x}, {y}))" for x, y in q4]
    return write(out, "E4.shape", shape_lines), write(out, "E4.py", py_lines)


def curves100k(out):
    """A move and 100,000 curves through random points (seed 14), whose peak memory is set against
    its size. Returns its path."""
    r = random.Random(14)
    return write(out, "curves100k.shape", ["move 0 0"] + [
        f"curve {r.uniform(0, 1000)!r} {r.uniform(0, 1000)!r} {r.uniform(0, 1000)!r} {r.uniform(0, 1000)!r} {r.uniform(0, 1000)!r} {r.uniform(0, 1000)!r}"
        for _ in range(100_000)])


def busy_cores(seconds=1.0):
    """How many cores other processes kept busy over `seconds` (from /proc/stat; None where
    there is none): what the load average, which lags by minutes, cannot say of the moment."""
    def sample():
        with open("/proc/stat") as f:
            fields = [float(x) for x in f.readline().split()[1:]]
        return sum(fields), fields[3] + fields[4]  # all, idle + iowait
    try:
        total0, idle0 = sample()
        time.sleep(seconds)
        total1, idle1 = sample()
    except OSError:
        return None
    total = total1 - total0
    return (os.cpu_count() or 1) * (1 - (idle1 - idle0) / total) if total > 0 else 0.0
