"""Times live lessons (run by scripts/bench-lessons): see that script."""
import importlib.util
import os
import pathlib
import sys
import time

here = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("bench_workbench", os.path.join(here, "bench-workbench.py"))
bench = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bench)  # (its main runs only as a script)
w = bench.w

LESSON = "move 0 0\ncurve 30 120 170 120 200 0\ncasteljau 1 0.5\nbernstein 1 0.5\n"


def long_path():
    """1,000 elements written out as literals (250 rounds of a line, a quad, a curve and a line),
    with one live figure on the 500th."""
    lines, x = ["move 0 0"], 0
    for _ in range(250):
        lines += [f"line {x + 4} 0", f"quad {x + 6} 3 {x + 8} 0", f"curve {x + 9} -3 {x + 11} -3 {x + 12} 0", f"line {x + 16} 0"]
        x += 16
    return "\n".join(lines) + "\ncasteljau 499 0.5\n"


def drag(d, element, k, frames=60):
    """Presses on point k of `element` with the page's own handler, then times `frames` pointer
    moves about it, each from the move to the drawing of its scene (bench-workbench's `moved`)."""
    p = d.execute_script(f"return window.workbench.scene.elements[{element}].p")
    x, y = w.screen(d, p[2 + 2 * k], p[3 + 2 * k])
    d.execute_script("""document.getElementById('view').dispatchEvent(new PointerEvent('pointerdown',
        {pointerId: 1, clientX: arguments[0], clientY: arguments[1], bubbles: true}));""", x, y)
    for j in range(5):
        bench.moved(d, x + j, y)
    rows = [bench.moved(d, x + (j % 10), y + (j % 7)) for j in range(frames)]
    d.execute_script("""document.getElementById('view').dispatchEvent(new PointerEvent('pointerup',
        {pointerId: 1, clientX: arguments[0], clientY: arguments[1], bubbles: true}));""", x, y)
    return rows


def zoom(d, element, k, size):
    """Frames `size` units about point k of `element` (a point of a long path is taken close up)."""
    p = d.execute_script(f"return window.workbench.scene.elements[{element}].p")
    d.execute_script("const s = window.workbench; s.viewByFit = false; s.view = {x: arguments[0] - arguments[2] / 2, y: arguments[1] - arguments[2] / 2, w: arguments[2], h: arguments[2] * 0.75};"
                     "window.dispatchEvent(new Event('resize'))", p[2 + 2 * k], p[3 + 2 * k], size)


def workbench(binary):
    for name, script, element, k, extra, size in [
        ("lesson, setpoint", LESSON, 1, 1, [], None),
        ("lesson, --edit (the file rewritten and run again)", LESSON, 1, 1, ["--edit"], None),
        ("1,000 elements, one live figure, setpoint", long_path(), 499, 1, [], 40),
    ]:
        v = w.View(script, extra=extra)
        d = w.browser()
        try:
            d.get(v.address)
            w.wait(d, "return window.workbench.painted > 0", "the first scene", timeout=30)
            if size:
                zoom(d, element, k, size)
            w.settle(d)
            rows = drag(d, element, k)
            print(f"workbench, {name}: {bench.summary(rows)} (goal 16 ms)")
        finally:
            d.quit()
            v.close()


def playground():
    page = pathlib.Path("dist/web/index.html").resolve().as_uri()
    for name, script, element, k, size in [
        ("lesson (the script rewritten and run again)", LESSON, 1, 1, None),
        ("1,000 elements as literals, one live figure (the script rewritten and run again)", long_path(), 499, 1, 40),
    ]:
        d = w.browser()
        try:
            d.get(page)
            w.wait(d, "return window.playground && window.playground.runs > 0", "the first run", timeout=30)
            d.execute_script("const e = document.getElementById('editor'); e.value = arguments[0]; e.dispatchEvent(new Event('input'));", script)
            w.wait(d, f"return window.workbench.scene && window.workbench.scene.elements.length === {script.count(chr(10)) - script.count('casteljau') - script.count('bernstein')}",
                   "the script's run", timeout=30)
            time.sleep(0.5)
            if size:
                zoom(d, element, k, size)
            rows = drag(d, element, k)
            kept = d.execute_script("return document.getElementById('editor').value.split('\\n').length")
            print(f"playground, {name}: {bench.summary(rows)} (goal 16 ms; the script has {kept - 1} lines after the drag)")
        finally:
            d.quit()


os.chdir(os.path.join(here, ".."))
workbench(sys.argv[1])
playground()
