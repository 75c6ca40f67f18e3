#!/usr/bin/env python3
"""Runs each kind of work to the limits with the release binary and reports what it cost: CPU
seconds (user + system), peak memory, and the error that stopped it (docs/robustness.md,
"Bounded work"). The promise: every statement ends within about 5 s of CPU and 2 GiB on a
2-core machine, or stops with a located error. A unit of work is calibrated here to about 50 ns
of this machine's release build, so the budget of 50 million units is about 2.5 s: room for a
machine two or three times slower.

usage: scripts/bench-budget.py BINARY [KIND ...]   (scripts/bench-budget builds and runs it)
"""
import os, resource, subprocess, sys, tempfile, time

binary = sys.argv[1]
only = set(sys.argv[2:])
work = tempfile.mkdtemp(prefix="shape-budget-")

def lines(n, body):
    return "\n".join(body(i) for i in range(n)) + "\n"

# A path of 100,000 cubics, made in one statement (the loop), for the per-element kinds.
cubics = "move 0 0\nfor i in 0..<100000 { curve i+0.3 1 i+0.6 -1 i+1 0 }\n"
lines_1m = "move 0 0\nrepeat 99 { repeat 10000 { line pen.x+1 0 } }\n"

def fanout():
    # Each file includes the next twice: 2^15 includes of small files at the bottom.
    d = os.path.join(work, "fan")
    os.makedirs(d, exist_ok=True)
    for k in range(15):
        with open(os.path.join(d, f"f{k}.shape"), "w") as f:
            f.write(f'include "f{k + 1}.shape"\ninclude "f{k + 1}.shape"\n')
    with open(os.path.join(d, "f15.shape"), "w") as f:
        f.write("let a = 1\n")
    return 'include "fan/f0.shape"\n'

def star(n=2001, k=700):
    import math
    pts = [(1000 * math.cos(2 * math.pi * i * k / n), 1000 * math.sin(2 * math.pi * i * k / n)) for i in range(n)]
    return "move %r %r\n" % pts[0] + "".join("line %r %r\n" % p for p in pts[1:]) + "close\nsimplify\n"

kinds = {
    # The language itself.
    "lets": "repeat 1000000 { " + "; ".join(["let a = 1"] * 1000) + " }\n",
    "expressions": "let x = 0\nrepeat 1000000 { " + "; ".join(["x = (x + 1) * 2 - x / 4 - x"] * 100) + " }\n",
    "empty-loops": "repeat 1000 { repeat 1000 { } }\nrepeat 1000 { repeat 1000 { } }\n",
    "calls": "def g(x) { return x + 1 }\nlet s = 0\nrepeat 1000000 { " + "; ".join(["s = g(s)"] * 100) + " }\n",
    "recursion": "def f(n) { if n > 0 { f n-1 \n f n-1 } }\nf 40\n",
    "strings": 'let s = "ab"\nrepeat 1000000 { s = s + "cd" }\n',
    "lists": "repeat 1000000 { " + "; ".join(["let l = [1, [2, 3], 4, 5, [6, [7, 8]]]"] * 10) + " }\n",
    "print": "repeat 1000000 { " + "; ".join(["print 1.5 2.5"] * 10) + " }\n",
    "include-fanout": None,  # made by fanout()
    # Drawing.
    "lines": "move 0 0\nrepeat 1000000 { " + "; ".join(["line 1 1", "line 0 0"] * 4 + ["line 1 1"]) + " }\n",
    "curves": "move 0 0\nrepeat 1000000 { " + "; ".join(["curve 1 1 2 -1 3 0", "curve 2 1 1 -1 0 0"] * 5) + " }\n",
    "arcs": "move 0 0\nrepeat 1000000 { " + "; ".join(["arc 0 0 10 0 1", "arc 0 0 10 1 0 ccw"] * 5) + " }\n",
    "shapes": "repeat 1000000 { " + "; ".join(["circle 0 0 10", "roundrect 0 0 10 10 2"] * 5) + " }\n",
    "draw-onto-itself": "move 0 0\nline 1 1\nrepeat 40 { draw path() }\n",
    # Per element of a large path.
    "rotate": cubics + "repeat 100000 { rotate 1deg }\n",
    # Several statements: transforms of a path of 990,000 lines, each kept for undo, undone.
    "undo-transforms": lines_1m + "rotate 1\nscale 2\ntranslate 3 4\nundo\nundo\nundo\n",
    "contains": cubics + "repeat 1000000 { contains 500.5 0.1 }\n",
    # A comb of 100,000 teeth: a ray from its middle crosses every one.
    "contains-comb": "move 0 0\nfor i in 0..<50000 { line i*2+1 0; line i*2+1 1000; line i*2+2 1000; line i*2+2 0 }\n"
        "close\nrepeat 1000000 { contains 50000.5 500 }\n",
    "nearest": cubics + "repeat 1000000 { nearest 500.5 3 }\n",
    "elements": cubics + "repeat 100000 { elements }\n",
    "dash": "move 0 0\nline 1000000 0\nrepeat 100000 { dash 0.5 0.5; dash 1 1 }\n",
    "points": "move 0 0\nline 1000000 0\ndash 1 1\nrepeat 100000 { points }\n",
    "export": cubics + "repeat 100000 { export svg }\n",
    "save": cubics + 'repeat 100000 { save "b.svg" }\n',
    "show": cubics + "repeat 100000 { show }\n",
    "split": cubics + "repeat 100000 { split 5 0.5 }\n",
    # Geometry between shapes.
    "simplify-rects": "repeat 400 { rect 0 0 1 1 }\nsimplify\n",
    "simplify-star": star(),
    "union-bars": "for i in 0..<600 { rect i*2 0 1 1200 }\nlet a = path()\nclear\nfor i in 0..<600 { rect 0 i*2 1200 1 }\nunion a\n",
    "intersections-grid": "for i in 0..<2000 { move i 0; line i 2000 }\nlet a = path()\nclear\n"
        "for i in 0..<2000 { move 0 i+0.5; line 2000 i+0.5 }\nlet n = intersections(a)\nprint n.count\n",
    "intersections-listing": "for i in 0..<2000 { move i 0; line i 2000 }\nlet a = path()\nclear\n"
        "for i in 0..<2000 { move 0 i+0.5; line 2000 i+0.5 }\nintersections a\n",
    "self-intersections": star().replace("simplify", "let n = intersections()\nprint n.count"),
    "stroke": "move 0 0\nfor i in 0..<5000 { curve i*3+1 40 i*3+2 -40 i*3+3 0 }\nstroke 30 cap round join round\n",
    "offset": "move 0 0\nfor i in 0..<5000 { curve i*3+1 40 i*3+2 -40 i*3+3 0 }\noffset 7\n",
    "quads": "repeat 2000 { circle 0 0 10 }\nquads\n",
    "cubics-tight": "repeat 20000 { circle 0 0 10 }\ncubics\n",
    "arcs-fit": "move 0 0\nfor i in 0..<20000 { curve i*3+1 40 i*3+2 -40 i*3+3 0 }\narcs 1 tolerance 1e-9\n",
    "wander": "wander 1e6 seed 3 within 0 0 1000 1000\n",
}

def run(name, text):
    path = os.path.join(work, name + ".shape")
    with open(path, "w") as f:
        f.write(text)
    start = time.monotonic()
    proc = subprocess.Popen([binary, "--quiet", path], cwd=work, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    err = proc.stderr.read().decode("utf-8", "replace").split("\n")[0]
    proc.stderr.close()
    wall = time.monotonic() - start
    cpu = usage.ru_utime + usage.ru_stime
    code = os.waitstatus_to_exitcode(status)
    return cpu, usage.ru_maxrss / 1024, wall, code, err

print(f"{'kind':<24} {'CPU s':>6} {'MB':>6} exit  stopped by")
worst = 0.0
for name, text in kinds.items():
    if only and name not in only:
        continue
    if name == "include-fanout":
        text = fanout()
    cpu, mb, wall, code, err = run(name, text)
    worst = max(worst, cpu)
    reason = err.split(": error: ", 1)[-1][:70] if err else "(finished)"
    print(f"{name:<24} {cpu:6.2f} {mb:6.0f} {code:4}  {reason}", flush=True)
print(f"slowest: {worst:.2f} s of CPU")
