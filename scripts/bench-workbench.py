"""Times the workbench (run by scripts/bench-workbench): see that script."""
import os
import socket
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "Tests", "ShapeCLITests", "Workbench"))
sys.argv = [sys.argv[0], os.path.abspath(sys.argv[1]), os.path.join(os.path.dirname(__file__), "..", "Sources", "ShapeCLI", "Workbench", "page.html")]
import workbench_test as w  # noqa: E402

# Times a statement from the page: [to the page's drawing of its scene done (the DOM updated),
# to the next frame after it (which renders the change), to the frame after that (its start
# waits for the rendering: an upper bound on when the change is on the screen)], in the page.
TIMED = """const [statement, done] = arguments;
const s = window.workbench, before = s.painted, t0 = performance.now();
fetch('/run?token=' + encodeURIComponent(new URLSearchParams(location.search).get('token')),
  {method: 'POST', headers: {'Content-Type': 'application/json'}, body: JSON.stringify({statement})});
(function look() { if (s.painted > before) { const drawn = performance.now() - t0; requestAnimationFrame(() => { const next = performance.now() - t0; requestAnimationFrame(() => done([drawn, next, performance.now() - t0])); }); } else setTimeout(look, 0); })();"""

# A pointer move on a point: the page's own handler runs the statement; timed the same way.
# The move is dispatched at the start of a frame, where the browser delivers a real pointer's
# moves (they are aligned to frames): a move drawn within its frame is on the screen at the next.
DRAG = """const [x, y, done] = arguments;
requestAnimationFrame(() => {
const s = window.workbench, svg = document.getElementById('view'), before = s.painted, t0 = performance.now();
svg.dispatchEvent(new PointerEvent('pointermove', {pointerId: 1, clientX: x, clientY: y, bubbles: true}));
(function look() { if (s.painted > before) { const drawn = performance.now() - t0; requestAnimationFrame(() => { const next = performance.now() - t0; requestAnimationFrame(() => done([drawn, next, performance.now() - t0])); }); } else setTimeout(look, 0); })();
});"""


def summary(rows):
    p95 = lambda xs: xs[int(0.95 * len(xs))]
    parts = []
    for k, what in enumerate(["drawn", "to the next frame", "to the frame after"]):
        xs = sorted(r[k] for r in rows)
        parts.append(f"{what}: median {statistics.median(xs):.1f} ms, 95th percentile {p95(xs):.1f} ms")
    return "; ".join(parts)


def cpu_seconds(pid):
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_mib(pid):
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024


def main():
    # 10,000 elements: 2,500 rounds of a line, a quad, a curve and an arc.
    big = "move 0 0\nrepeat 2500 {\n  line pen.x + 4 pen.y\n  quad pen.x + 2 pen.y + 3 pen.x + 4 pen.y\n  curve pen.x + 1 pen.y - 3 pen.x + 3 pen.y - 3 pen.x + 4 pen.y\n  arc pen.x + 2 pen.y 2 180deg 360deg\n}\n"
    v = w.View(big)
    d = w.browser()
    try:
        d.get(v.address)
        w.wait(d, "return window.workbench.painted > 0", "the first scene", timeout=30)
        count = d.execute_script("return window.workbench.scene.elements.length")
        # A few first, unmeasured: the page's code is compiled by then (steady state).
        for _ in range(3):
            d.execute_async_script(TIMED, "translate 1 0")
        rows = [d.execute_async_script(TIMED, "translate 1 0") for _ in range(40)]
        print(f"paint: 'translate 1 0' on {count} elements, from sending it: {summary(rows)} (goal 50 ms)")
    finally:
        d.quit()
        v.close()

    small = "move 0 0\nrepeat 250 {\n  line pen.x + 4 pen.y\n  quad pen.x + 2 pen.y + 3 pen.x + 4 pen.y\n  curve pen.x + 1 pen.y - 3 pen.x + 3 pen.y - 3 pen.x + 4 pen.y\n  arc pen.x + 2 pen.y 2 180deg 360deg\n}\n"
    v = w.View(small)
    d = w.browser()
    try:
        d.get(v.address)
        w.wait(d, "return window.workbench.painted > 0", "the first scene", timeout=30)
        # Zoom in on the second quad's control point and take it by the page's own pointer handlers.
        d.execute_script("const s = window.workbench; s.view = {x: 0, y: -10, w: 40, h: 30}; document.getElementById('fit');")
        d.execute_script("window.dispatchEvent(new Event('resize'))")
        q = d.execute_script("return window.workbench.scene.elements[6].p")
        x, y = w.screen(d, q[2], q[3])
        d.execute_script("""document.getElementById('view').dispatchEvent(new PointerEvent('pointerdown', {pointerId: 1, clientX: arguments[0], clientY: arguments[1], bubbles: true}));""", x, y)
        for k in range(5):
            d.execute_async_script(DRAG, x + k, y)
        rows = [d.execute_async_script(DRAG, x + (k % 10), y + (k % 7)) for k in range(60)]
        print(f"drag: a pointer move on {d.execute_script('return window.workbench.scene.elements.length')} elements, setpoint: "
              f"{summary(rows)} (goal 16 ms)")
        # Idle: the page connected, nothing happening, for 10 s.
        pid = v.proc.pid
        c0, t0 = cpu_seconds(pid), time.time()
        time.sleep(10)
        print(f"idle: {100 * (cpu_seconds(pid) - c0) / (time.time() - t0):.2f}% of a core with a page connected (goal below 1%)")
        # 100 clients open event streams and never read (past 16 at once they are refused);
        # 200 statements go on meanwhile, sent on connections of their own as slots free.
        before = rss_mib(pid)
        held = []
        for _ in range(100):
            s = socket.create_connection(("127.0.0.1", v.port))
            s.sendall(f"GET /events?token={v.token} HTTP/1.1\r\nHost: 127.0.0.1:{v.port}\r\n\r\n".encode())
            held.append(s)
        ran = 0
        deadline = time.time() + 120
        while ran < 200 and time.time() < deadline:
            r = w.post(v, f"translate {1 if ran % 2 else -1} 0")
            if w.status(r) == 200:
                ran += 1
            else:
                time.sleep(0.01)
        peak = rss_mib(pid)
        for s in held:
            s.close()
        print(f"memory: {before:.0f} MiB before, {peak:.0f} MiB after 100 clients that never read and {ran} statements "
              f"(at most 16 event streams of the 32 connections, each dropped when 4 MiB wait for it)")
    finally:
        d.quit()
        v.close()


main()
