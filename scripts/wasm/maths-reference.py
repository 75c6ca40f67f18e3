"""Writes scripts/wasm/maths-reference.json: the functions the page supplies to the interpreter
(JavaScript's Math), at arguments spread over the ranges the geometry uses, evaluated with mpmath
at 60 digits and written to 21 significant digits (enough to round to the nearest double).
Run with mpmath from PyPI in a throwaway environment:
    python3 -m venv /tmp/m && /tmp/m/bin/pip install mpmath && /tmp/m/bin/python scripts/wasm/maths-reference.py"""
import json
import pathlib
import random

import mpmath

mpmath.mp.dps = 60
rng = random.Random(31)


def spread(lo, hi, n):
    return [rng.uniform(lo, hi) for _ in range(n)]


cases = []
angles = spread(-7, 7, 120) + spread(-1e3, 1e3, 40) + [1e-8, -3e-5, 0.5, 1.5707963267948966, 3.141592653589793]
for x in angles:
    cases.append(["sin", [x], mpmath.sin(x)])
    cases.append(["cos", [x], mpmath.cos(x)])
    cases.append(["tan", [x], mpmath.tan(x)])
for x in spread(-1, 1, 80):
    cases.append(["asin", [x], mpmath.asin(x)])
    cases.append(["acos", [x], mpmath.acos(x)])
for x in spread(-50, 50, 60) + [1e-9, 1e9]:
    cases.append(["atan", [x], mpmath.atan(x)])
for y, x in zip(spread(-100, 100, 80), spread(-100, 100, 80)):
    cases.append(["atan2", [y, x], mpmath.atan2(y, x)])
    cases.append(["hypot", [y, x], mpmath.hypot(y, x)])
for x in spread(1e-6, 1e6, 60) + [0.5, 2.0, 10.0]:
    cases.append(["log", [x], mpmath.log(x)])
for x in spread(-1e3, 1e3, 60):
    cases.append(["cbrt", [x], mpmath.cbrt(x) if x >= 0 else -mpmath.cbrt(-x)])
for x, y in zip(spread(0.01, 10, 60), spread(-8, 8, 60)):
    cases.append(["pow", [x, y], mpmath.power(x, y)])
out = [[f, [repr(a) for a in args], mpmath.nstr(v, 21, strip_zeros=False)] for f, args, v in cases]
pathlib.Path(__file__).with_name("maths-reference.json").write_text(json.dumps(out, indent=0) + "\n")
print(len(out), "values")
