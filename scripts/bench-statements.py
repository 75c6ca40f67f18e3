#!/usr/bin/env python3
"""Plain statements end to end (run by scripts/bench-statements): each figure a median of runs of
the release binary as a process, start-up included unless said, beside its goal (issue 49).

usage: bench-statements.py DATA SHAPE PYTHON FONTS_DRAW BASE [--instructions]

BASE: the binary of the commit before issue 49's work (2733b52), run beside SHAPE: the issue's
"today's time" on this machine."""
import os, re, statistics, subprocess, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import end_to_end

data, shape, python, fonts_draw, base = sys.argv[1:6]
instructions = "--instructions" in sys.argv[6:]
out = os.path.join(data, "scripts")
os.makedirs(out, exist_ok=True)


def timed(argv):
    """Wall seconds and peak memory (KiB) of one run; its output is checked to have succeeded."""
    t = time.perf_counter()
    p = subprocess.run(["/usr/bin/time", "-f", "%M"] + argv, capture_output=True, text=True)
    elapsed = time.perf_counter() - t
    if p.returncode != 0:
        sys.exit(f"{argv} failed: {p.stderr[-500:]}")
    return elapsed, int(p.stderr.strip().splitlines()[-1])


def medians(runs, *argvs):
    """Runs each argv `runs` times, interleaved; the median time and the largest peak of each."""
    times = [[] for _ in argvs]
    peaks = [0] * len(argvs)
    for _ in range(runs):
        for k, argv in enumerate(argvs):
            t, m = timed(argv)
            times[k].append(t)
            peaks[k] = max(peaks[k], m)
    return [(statistics.median(t), p) for t, p in zip(times, peaks)]


empty = os.path.join(out, "empty.shape")
with open(empty, "w") as f:
    f.write("move 0 0\n")
e1s, _ = end_to_end.e1(data, out)
e4s, e4p = end_to_end.e4(data, out)
statements = sum(1 for line in open(fonts_draw) if line.strip() and not line.startswith("#"))
busy = end_to_end.busy_cores()
print(f"load average at the start: {os.getloadavg()[0]:.2f} ({os.cpu_count()} cores here"
      + (f", {busy:.2f} of them busy with other work in the second before the runs)" if busy is not None else ")"))
if busy is not None and busy > 0.3:
    # Long scripts run on two threads (the parse beside the run): with a core held elsewhere they
    # share one, and the drawing statements take up to twice as long.
    print("note: the machine was busy before the runs; shape's two threads may have shared a core, "
          "and its figures are not to be compared: run again when it is quiet")

(t_empty, m_empty), (t_draw, m_draw), (t_base, _) = medians(
    20, [shape, "--quiet", empty], [shape, "--quiet", fonts_draw], [base, "--quiet", fonts_draw])
print(f"{statements:,} drawing statements (the fonts corpus, --quiet): median of 20 {t_draw * 1e3:.0f} ms, "
      f"{(t_draw - t_empty) / statements * 1e9:.0f} ns a statement beyond start-up; the issue's binary (2733b52) "
      f"{t_base * 1e3:.0f} ms here: {t_base / t_draw:.2f} times as fast (goal: 150 ms on the issue's machine, "
      f"a quarter of its time: {t_base / 4 * 1e3:.0f} ms here)")

(t_empty, _), (t_e1, _), (t_e1_base, _) = medians(20, [shape, empty], [shape, e1s], [base, e1s])
size = os.path.getsize(e1s)
print(f"E1 ({size / 1e6:.2f} MB): median of 20 {t_e1 * 1e3:.1f} ms, start-up {t_empty * 1e3:.1f} ms: "
      f"{size / (t_e1 - t_empty) / 1e6:.0f} MB/s beyond start-up (goal: at least 80); the issue's binary "
      f"{size / (t_e1_base - t_empty) / 1e6:.0f} MB/s here")

(t_e4, _), (t_py, _) = medians(5, [shape, e4s], [python, e4p])
print(f"E4 (100,000 contains, each printed): median of 5 {t_e4:.3f} s against Skia's Python script's {t_py:.3f} s: "
      f"{t_e4 / t_py:.3f} (goal: at most 0.1)")

big = end_to_end.curves100k(out)
(_, m_empty), (t_big, m_big) = medians(3, [shape, empty], [shape, big])
for name, path, peak in [("the 100,000-curve script", big, m_big), ("the fonts corpus (--quiet)", fonts_draw, m_draw)]:
    size = os.path.getsize(path)
    print(f"memory: {name} ({size / 1e6:.1f} MB) peaks at {peak / 1024:.1f} MiB, an empty script at "
          f"{m_empty / 1024:.1f} MiB: (peak - empty) / size = {(peak - m_empty) * 1024 / size:.2f} (goal: at most 3)")

if instructions:
    with tempfile.TemporaryDirectory() as d:
        def count(script):
            f = os.path.join(d, "cg.out")
            p = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={f}", shape, "--quiet", script],
                               capture_output=True, text=True)
            return int(re.search(r"refs:\s+([\d,]+)", p.stderr).group(1).replace(",", ""))
        n_empty, n_draw = count(empty), count(fonts_draw)
        print(f"instructions (callgrind): {n_draw / 1e9:.3f} G for the fonts corpus, "
              f"{(n_draw - n_empty) / statements:,.0f} a statement beyond start-up")
