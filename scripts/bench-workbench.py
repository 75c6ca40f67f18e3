"""Times the workbench (run by scripts/bench-workbench): see that script."""
import os
import socket
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "Tests", "ShapeCLITests", "Workbench"))
sys.argv = [sys.argv[0], os.path.abspath(sys.argv[1]), os.path.join(os.path.dirname(__file__), "..", "Sources", "ShapeCLI", "Workbench", "page.html")]
import workbench_test as w  # noqa: E402

# Every time is taken when the page's drawing of the new scene is done, without polling (a
# polling loop would load the page it measures): `draw` is wrapped to call the armed callback
# with [drawn, next frame, frame after] as wall-clock times (the page's clock is the wall clock:
# checked below). The next frame renders the change; the start of the frame after it waits for
# that rendering, so it is an upper bound on when the change is on the screen.
ARM = """if (!window.benchDraw) {
  const drawn = window.draw, now = () => performance.timeOrigin + performance.now();
  window.benchDraw = true;
  window.draw = function () {
    drawn();
    const callback = window.benchArmed;
    if (!callback) return;
    window.benchArmed = null;
    const t = now();
    requestAnimationFrame(() => { const next = now(); requestAnimationFrame(() => callback([t, next, now()])); });
  };
}
window.benchResult = null;
window.benchArmed = (times) => { window.benchResult = times; };"""
AWAIT = """const done = arguments[0];
(function wait() { if (window.benchResult) done(window.benchResult); else setTimeout(wait, 5); })();"""

# A statement sent by the page itself (a POST without the scene: the page then hears of it and
# fetches it, as for a statement from elsewhere).
SEND = """const [statement] = arguments;
fetch('/run?token=' + encodeURIComponent(new URLSearchParams(location.search).get('token')),
  {method: 'POST', headers: {'Content-Type': 'application/json'}, body: JSON.stringify({statement})});
return performance.timeOrigin + performance.now();"""

# A pointer move on a point, dispatched at the start of a frame, where the browser delivers a
# real pointer's moves (they are aligned to frames): a move drawn within its frame is on the
# screen at the next. The page's own handler runs the statement.
MOVE = """const [x, y, done] = arguments;
requestAnimationFrame(() => {
  const t = performance.timeOrigin + performance.now();
  document.getElementById('view').dispatchEvent(new PointerEvent('pointermove', {pointerId: 1, clientX: x, clientY: y, bubbles: true}));
  done(t);
});"""


def timed(d, start):
    """Arms the page, runs `start` (which answers when it began, in wall-clock ms), and answers
    [drawn, next frame, frame after] in ms from then."""
    d.execute_script(ARM)
    began = start()
    return [t - began for t in d.execute_async_script(AWAIT)]


def sent_by_the_page(d, statement):
    return timed(d, lambda: d.execute_script(SEND, statement))


def typed_at_the_prompt(d, v, statement):
    """A statement typed at the session's prompt (its standard input)."""
    def start():
        sent = time.time() * 1000
        v.type(statement)
        return sent
    return timed(d, start)


def moved(d, x, y):
    return timed(d, lambda: d.execute_async_script(MOVE, x, y))


def page_clock_is_the_wall_clock(d):
    """The page's performance.timeOrigin + now() falls between two readings of Python's clock."""
    for _ in range(5):
        before = time.time() * 1000
        page = d.execute_script("return performance.timeOrigin + performance.now()")
        after = time.time() * 1000
        if not before - 1 <= page <= after + 1:
            return False
    return True


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
        if not page_clock_is_the_wall_clock(d):
            sys.exit("the page's clock is not the wall clock here: the times could not be compared")
        # A few first, unmeasured: the page's code is compiled by then (steady state).
        for _ in range(3):
            sent_by_the_page(d, "translate 1 0")
        rows = [sent_by_the_page(d, "translate 1 0") for _ in range(40)]
        print(f"paint: 'translate 1 0' on {count} elements, sent by the page: {summary(rows)} (goal 50 ms)")
        rows = [typed_at_the_prompt(d, v, "translate 1 0") for _ in range(40)]
        print(f"paint: 'translate 1 0' on {count} elements, typed at the prompt: {summary(rows)} (goal 50 ms)")
        # The handle at the path's start costs its point nothing; at the end, a walk of the whole
        # path (the view finds only the handle's track point: Interpreter.view).
        typed_at_the_prompt(d, v, "handle -2")
        rows = [typed_at_the_prompt(d, v, "translate 1 0") for _ in range(40)]
        print(f"paint: the same with the handle at the path's end: {summary(rows)} (goal 50 ms)")
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
        d.execute_script("const s = window.workbench; s.viewByFit = false; s.view = {x: 0, y: -10, w: 40, h: 30};")
        d.execute_script("window.dispatchEvent(new Event('resize'))")
        q = d.execute_script("return window.workbench.scene.elements[6].p")
        x, y = w.screen(d, q[2], q[3])
        d.execute_script("""document.getElementById('view').dispatchEvent(new PointerEvent('pointerdown', {pointerId: 1, clientX: arguments[0], clientY: arguments[1], bubbles: true}));""", x, y)
        for k in range(5):
            moved(d, x + k, y)
        rows = [moved(d, x + (k % 10), y + (k % 7)) for k in range(60)]
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


if __name__ == "__main__":
    main()
