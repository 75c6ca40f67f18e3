"""The playground in headless Chromium, from file:// (run by scripts/check-wasm): it is ready
and runs its first example; an edit reruns the script and shows what the native binary prints
and the picture; the share link brings the script back; a run past the time limit is stopped
and says so. Usage: python test_playground.py dist/web/index.html"""
import pathlib
import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

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


options = Options()
for flag in ["--headless=new", "--no-sandbox", "--window-size=1200,800"]:
    options.add_argument(flag)
options.binary_location = "/usr/bin/chromium"
d = webdriver.Chrome(options=options, service=Service("/usr/bin/chromedriver"))
try:
    # A time limit far above any ordinary run, even on a loaded machine; the slow script below
    # runs far longer than it on any machine (fifty statements of 900,000 iterations each).
    d.get(page + "?limit=3000")
    wait(d, "return window.playground && window.playground.runs > 0", "the first run")
    check(d.execute_script("return document.getElementById('examples').options.length") > 40, "the examples and Primer chapters are offered")
    script = "move 0 0\\ncurve 30 120 170 120 200 0\\nbernstein 1 0.3\\nlength"
    d.execute_script(f"const e = document.getElementById('editor'); e.value = '{script}'; e.dispatchEvent(new Event('input'));")
    wait(d, "return document.getElementById('transcript').textContent.includes('length: 290.6398')", "the edited script's run")
    expected = ("move: to (0, 0), segment 0, length 0\ncurve: to (200, 0), segment 290.6398, length 290.6398\n"
                "bernstein: element 1 (cubic, t 0.3)\n  weights: [0.343, 0.441, 0.189, 0.027]\n  x: 50.76\n  y: 75.6\nlength: 290.6398\n")
    check(d.execute_script("return document.getElementById('transcript').textContent") == expected, "the transcript is what shape prints")
    check(d.execute_script("return document.querySelector('#picture svg #figure') !== null"), "the picture holds the basis chart's figure")
    # An example that includes a library file.
    d.execute_script("const s = document.getElementById('examples'); s.value = 'card.shape'; s.dispatchEvent(new Event('change'));")
    wait(d, "return document.getElementById('transcript').textContent.includes('card: to (30, 0)')", "the card example, which includes lib/card.shape")
    d.execute_script(f"const e = document.getElementById('editor'); e.value = '{script}'; e.dispatchEvent(new Event('input'));")
    wait(d, "return document.getElementById('transcript').textContent.includes('length: 290.6398')", "the script again")
    d.find_element("id", "share").click()
    wait(d, "return window.playground.link !== null", "the share link")
    link = d.execute_script("return window.playground.link")
    d.get(link)
    wait(d, "return window.playground && window.playground.runs > 0", "the shared page's run")
    check(d.execute_script("return document.getElementById('editor').value") == script.replace("\\n", "\n"), "the link brings the script back")
    slow = "def f() { repeat 900000 { move 0 0 } }\\n" + "f\\n" * 50
    d.execute_script(f"const e = document.getElementById('editor'); e.value = '{slow}'; e.dispatchEvent(new Event('input'));")
    wait(d, "return document.getElementById('transcript').textContent.includes('too much work')", "the stopped run's message", seconds=60)
    d.execute_script("const e = document.getElementById('editor'); e.value = 'move 0 0\\nline 3 4'; e.dispatchEvent(new Event('input'));")
    wait(d, "return document.getElementById('transcript').textContent.includes('line: to (3, 4), segment 5')", "a run after the stopped one")
finally:
    d.quit()
print(f"playground: {len(failures)} failed")
sys.exit(1 if failures else 0)
