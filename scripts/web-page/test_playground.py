"""The playground in headless Chromium, from file:// (run by scripts/check-wasm): it is ready and
runs its first example; an edit reruns the script and shows its reports and its picture; an
example that includes a library file runs; a real pointer drag of a control point runs `setpoint`
in the session and writes it into the script (one line, the drag's last position), and undo from
the page restores the path; the share link brings the script and the picture back, and a link that is not one, is cut
short or inflates past 2 MiB says so and leaves a working editor, and a second link opened in
the tab is opened; a run past
the time limit is stopped and says so while the page stays responsive; calls nest 200 deep, as on
the command line.
Usage: python test_playground.py dist/web/index.html"""
import pathlib
import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

# The workbench's page is the playground's: the same pointer helpers.
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "Tests" / "ShapeCLITests" / "Workbench"))
from pointer import pointer_drag, screen  # noqa: E402

page = pathlib.Path(sys.argv[1]).resolve().as_uri()
failures = []


def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what)
    if not ok:
        failures.append(what)


def wait(d, script, what, seconds=20):
    end = time.time() + seconds
    while time.time() < end:
        if d.execute_script(script):
            check(True, what)
            return True
        time.sleep(0.05)
    check(False, "waited for " + what)
    return False


def settle(d):
    """Until the worker has nothing to do (no job, none waiting, no rerun pending)."""
    last = None
    for _ in range(100):
        n = d.execute_script("return [window.playground.runs, window.playground.statements, document.getElementById('editor').value]")
        if n == last:
            return
        last = n
        time.sleep(0.4)


def edit(d, script):
    d.execute_script("const e = document.getElementById('editor'); e.value = arguments[0]; e.dispatchEvent(new Event('input'));", script)


def transcript(d):
    """Each entry as `origin> statement` and its reports (the page draws the origin with CSS)."""
    return d.execute_script("return [...document.querySelectorAll('#transcript .entry')].map(e => "
                            "{ const s = e.querySelector('.statement'); return (s ? s.dataset.origin + '> ' : '') + e.innerText; })")


def user(d, px, py):
    """The user point at the page's CSS pixel (px, py), as the page computes it."""
    return d.execute_script(
        "const m = document.getElementById('view').getScreenCTM().inverse(); const p = new DOMPoint(arguments[0], arguments[1]).matrixTransform(m);"
        "return [p.x, p.y];", px, py)


options = Options()
for flag in ["--headless=new", "--no-sandbox", "--window-size=1400,850"]:
    options.add_argument(flag)
options.binary_location = "/usr/bin/chromium"
d = webdriver.Chrome(options=options, service=Service("/usr/bin/chromedriver"))
try:
    # A time limit far above any ordinary run, even on a loaded machine; the slow script below
    # runs far longer than it on any machine (fifty statements of 900,000 iterations each).
    d.get(page + "?limit=3000")
    wait(d, "return window.playground && window.playground.runs > 0", "the first run")
    check(d.execute_script("return document.getElementById('examples').options.length") > 40, "the examples and Primer chapters are offered")

    # An edit reruns the script: its statements and reports in the transcript (the numbers are the
    # closed forms': B(0.3) = (0.343, 0.441, 0.189, 0.027), x = 3*0.7^2*0.3*30 + ... = 50.76), and
    # the path and the basis chart in the picture.
    script = "move 0 0\ncurve 30 120 170 120 200 0\nbernstein 1 0.3\nlength"
    edit(d, script)
    wait(d, "return document.getElementById('transcript').textContent.includes('length: 290.6398')", "the edited script's run")
    entries = transcript(d)
    check(entries == ["script> move 0 0\nmove: to (0, 0), segment 0, length 0",
                      "script> curve 30 120 170 120 200 0\ncurve: to (200, 0), segment 290.6398, length 290.6398",
                      "script> bernstein 1 0.3\nbernstein: element 1 (cubic, t 0.3)\n  weights: [0.343, 0.441, 0.189, 0.027]\n  x: 50.76\n  y: 75.6",
                      "script> length\nlength: 290.6398"], f"the transcript holds each statement with its report ({entries})")
    check(d.execute_script("return document.getElementById('path').getAttribute('d')") == "M0 0C30 120 170 120 200 0", "the picture draws the path")
    check(d.execute_script("return document.querySelectorAll('#figure path').length") > 4, "the picture holds the basis chart's figure")

    # The module computes its maths itself, with the native binary's code: golden scripts whose
    # every printed digit comes from sines, cosines and offsets (an SVG arc's end, an offset's fit
    # error) print in Chromium exactly what their expectations (the native binary's) say.
    golden = pathlib.Path(__file__).resolve().parents[2] / "Tests/ShapeCLITests/Golden"
    for name in ["export-ellipse.shape", "generated-22.shape"]:
        text = (golden / name).read_text()
        expected = [line[len("# expect:"):].removeprefix(" ") for line in text.splitlines() if line.startswith("# expect:")]
        runs = d.execute_script("return window.playground.runs")
        edit(d, text)
        wait(d, f"return window.playground.runs > {runs}", f"the run of {name}")
        settle(d)
        reports = d.execute_script("return [...document.querySelectorAll('#transcript .report')].flatMap(r => r.textContent.split('\\n'))")
        check(reports == expected, f"{name} prints in Chromium what the native binary prints ({[r for r in reports if r not in expected][:3]})")

    # An example that includes a library file.
    d.execute_script("const s = document.getElementById('examples'); s.value = 'card.shape'; s.dispatchEvent(new Event('change'));")
    wait(d, "return document.getElementById('transcript').textContent.includes('card: to (30, 0)')", "the card example, which includes lib/card.shape")

    # A real pointer drag of the curve's second control point: setpoint runs in the session at
    # each frame, and the script gains one line, the drag's last position.
    edit(d, "move 0 0\ncurve 30 120 170 120 200 0")
    wait(d, "return document.getElementById('path').getAttribute('d') === 'M0 0C30 120 170 120 200 0'", "the curve drawn")
    settle(d)
    start, end = screen(d, 170, 120), screen(d, 150, 40)
    pointer_drag(d, start, end, steps=4, pause=0.05)
    settle(d)
    p = d.execute_script("return window.workbench.scene.elements[1].p")
    target = user(d, round(end[0]), round(end[1]))
    check(abs(p[4] - target[0]) < 0.5 and abs(p[5] - target[1]) < 0.5 and p[0:4] == [0, 0, 30, 120] and p[6:8] == [200, 0],
          f"the drag moved only the control point, to where it was let go ({p}, {target})")
    lines = d.execute_script("return document.getElementById('editor').value").splitlines()
    check(len(lines) == 3 and lines[2].startswith("setpoint 1 1 ") and ";" not in lines[2], f"the script gains one setpoint line ({lines})")
    x, y = (float(v) for v in lines[2].split()[3:5])
    check((x, y) == (p[4], p[5]), "the script's setpoint is the session's point")
    check(any(e.startswith("page> setpoint 1 1") for e in transcript(d)), "the transcript shows the page's setpoint")
    d.find_element("id", "undo").click()
    settle(d)
    check(d.execute_script("return document.getElementById('path').getAttribute('d')") == "M0 0C30 120 170 120 200 0", "undo from the page restores the path")
    check(d.execute_script("return document.getElementById('editor').value").splitlines()[3:] == ["undo"], "the script gains the undo")

    # A real pointer drag of the handle (figure8, seed 000): each move runs `drag to` in the
    # session, and the script gains one line, `handle i; drag to x y` (where the handle was before
    # the last move, and that move); rerun from the start, the script puts the handle where the
    # moves took it.
    d.execute_script("const s = document.getElementById('examples'); s.value = 'figure8.shape'; s.dispatchEvent(new Event('change'));")
    wait(d, "return window.workbench.scene && window.workbench.scene.handle && document.getElementById('transcript').textContent.includes('snap:')", "figure8 with its handle")
    settle(d)
    lines_before = d.execute_script("return document.getElementById('editor').value").splitlines()
    h = d.execute_script("return window.workbench.scene.handle.point")
    pointer_drag(d, screen(d, h[0], h[1]), screen(d, h[0] + 60, h[1] + 60), steps=6, pause=0.05)
    settle(d)
    lines = d.execute_script("return document.getElementById('editor').value").splitlines()
    added = lines[len(lines_before):]
    check(len(added) == 1 and added[0].startswith("handle ") and "; drag to " in added[0] and added[0].count(";") == 1,
          f"the handle's drag is one line, handle i; drag to x y ({added})")
    moves = [e for e in transcript(d) if e.startswith("page> drag to")]
    last = moves[-1].split("\n")[1] if moves else ""
    index = d.execute_script("return window.workbench.scene.handle.index")
    check(len(moves) >= 2 and f"drag: handle {index} at" in last,
          f"the script rerun puts the handle where the {len(moves)} moves took it ({index}; {last})")

    # A statement from the command line runs in the session and joins the script.
    before = d.execute_script("return document.getElementById('editor').value").splitlines()
    line = d.find_element("id", "line")
    line.send_keys("length\n")
    wait(d, "return [...document.querySelectorAll('#transcript .statement')].some(e => e.dataset.origin === 'page' && e.textContent === 'length')", "the command line's statement")
    settle(d)
    lines = d.execute_script("return document.getElementById('editor').value").splitlines()
    check(lines[len(before):] == ["length"], f"the command line's statement joins the script ({lines[len(before):]})")

    # The share link brings back the script and the picture.
    edit(d, script)
    wait(d, "return document.getElementById('transcript').textContent.includes('length: 290.6398')", "the script again")
    settle(d)
    picture = d.execute_script("return document.getElementById('path').getAttribute('d')")
    d.find_element("id", "share").click()
    wait(d, "return window.playground.link !== null", "the share link")
    link = d.execute_script("return window.playground.link")
    # In a new tab, as someone the link was sent to would open it.
    d.switch_to.new_window("tab")
    d.get(link)
    wait(d, "return window.playground && window.playground.runs > 0", "the shared page's run")
    check(d.execute_script("return document.getElementById('editor').value") == script, "the link brings the script back")
    check(d.execute_script("return document.getElementById('path').getAttribute('d')") == picture, "and the picture")

    # Share links are input like any other: one that is not base64, one cut short, and one whose
    # script inflates past 2 MiB each say why and leave an empty editor that works; a second
    # link opened in the same tab (a hashchange) is opened.
    import base64, json, zlib
    def link_of(script_text):
        c = zlib.compressobj(9, zlib.DEFLATED, -15)
        raw = c.compress(script_text.encode()) + c.flush()
        return page + "#s=" + base64.urlsafe_b64encode(raw).decode().rstrip("=")
    # Cut short at a whole number of base64 quads: base64 still, deflate cut off.
    cut = link.split("#s=")[0] + "#s=" + link.split("#s=")[1][:len(link.split("#s=")[1]) // 8 * 4]
    bomb = link_of("line 1 1\n" * 400000)  # 3.6 MB of script in a link of a few KB
    for bad, why in [(page + "#s=%%%not-base64", "not a share link"), (cut, "damaged"), (bomb, "larger than 2 MiB")]:
        d.get("about:blank")
        d.get(bad)
        began = time.time()
        wait(d, f"return document.getElementById('transcript').textContent.includes('share link:') && "
                f"document.getElementById('transcript').textContent.includes({why!r})", f"a link that is {why}: said so")
        check(time.time() - began < 10 and d.execute_script("return document.getElementById('editor').value") == ""
              and d.execute_script("return document.getElementById('status').textContent") != "running…",
              f"a link that is {why}: the editor is empty and nothing stays running")
    edit(d, "move 0 0\nline 3 4")
    wait(d, "return document.getElementById('transcript').textContent.includes('line: to (3, 4), segment 5')", "the editor works after a bad link")
    second = "move 0 0\ncircle 5 5 5\n"
    d.execute_script("location.hash = arguments[0]", link_of(second).split("#")[1])
    wait(d, f"return document.getElementById('editor').value === {json.dumps(second)}", "a second link opened in the same tab is opened")
    d.get(link)
    wait(d, "return window.playground && window.playground.runs > 0", "the good link again")

    # Blocks nested 999 deep pass the parser's limit of 1,000 but not the page's stack: the run
    # traps, says so, and the status says it stopped (it stayed at "running…").
    edit(d, "if 1 {\n" * 999 + "print 1\n" + "}\n" * 999)
    wait(d, "return document.getElementById('transcript').textContent.includes('nests deeper than a page allows')", "a trap: said so")
    check(d.execute_script("return document.getElementById('status').textContent") == "stopped: it nests too deep", "a trap: the status says it stopped")
    edit(d, "move 0 0\nline 6 8")
    wait(d, "return document.getElementById('transcript').textContent.includes('line: to (6, 8), segment 10')", "a run after the trap")

    # Calls nest in the page as deep as the interpreter allows (200), and one more is its located
    # error, as on the command line, not a browser's stack overflow.
    edit(d, "def g(n) { if n > 0 { return g(n - 1) + 1 }\n return 0 }\nprint g(199)\nprint g(200)")
    wait(d, "return document.getElementById('transcript').textContent.includes('calls nested more than 200 deep')", "a call 201 deep: the interpreter's error")
    entries = transcript(d)
    check(any(e.endswith("\n199") for e in entries) and any("playground.shape:1:" in e and "error: calls nested more than 200 deep" in e for e in entries),
          f"200 nested calls run in the page and the 201st is a located error ({[e[:120] for e in entries]})")

    # An endless run is stopped and says so; the page answers meanwhile; the next run works.
    edit(d, "def f() { repeat 900000 { move 0 0 } }\n" + "f\n" * 50)
    # The page's own thread answers while the worker runs (were it blocked, this would wait).
    wait(d, "return document.getElementById('status').textContent === 'running…' && window.playground.runs >= 0", "the page answers while the script runs")
    wait(d, "return document.getElementById('transcript').textContent.includes('too much work')", "the stopped run's message", seconds=60)
    edit(d, "move 0 0\nline 3 4")
    wait(d, "return document.getElementById('transcript').textContent.includes('line: to (3, 4), segment 5')", "a run after the stopped one")
finally:
    d.quit()
print(f"playground: {len(failures)} failed")
sys.exit(1 if failures else 0)
