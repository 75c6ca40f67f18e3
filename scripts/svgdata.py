"""The SVG path data that ShapeBenchmarks writes for the peers (absolute M, L, Q, C and Z, numbers
separated by spaces), replayed onto any path object with moveTo, lineTo, quadTo, cubicTo and close
(skia-pathops' and skia-python's paths both have them); and the peers' scripts' one way of
timing a call."""

import time

COUNTS = {"M": 2, "L": 2, "Q": 4, "C": 6, "Z": 0}


def replay(data, path):
    tokens = data.split()
    i = 0
    while i < len(tokens):
        verb = tokens[i]
        count = COUNTS[verb]
        values = [float(x) for x in tokens[i + 1:i + 1 + count]]
        i += 1 + count
        if verb == "Z":
            path.close()
        else:
            {"M": path.moveTo, "L": path.lineTo, "Q": path.quadTo, "C": path.cubicTo}[verb](*values)
    return path


def fastest(call):
    """The least time of three calls, in seconds, and the last call's result."""
    best, result = None, None
    for _ in range(3):
        start = time.perf_counter()
        result = call()
        elapsed = time.perf_counter() - start
        best = elapsed if best is None else min(best, elapsed)
    return best, result
