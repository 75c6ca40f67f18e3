#!/usr/bin/env python3
"""Writes Tests/ShapeCLITests/Hostile/: malformed and hostile scripts, each of which must be
answered with a located error and exit status 1, quickly (HostileInputTests checks them).
Rerun after adding a command, so that its wrong arities are covered."""
import os, random, re

out = "Tests/ShapeCLITests/Hostile"
os.makedirs(out, exist_ok=True)
cases = {}
def case(name, text):
    cases[name] = text

case("unterminated-string", 'print "abc\n')
case("unterminated-string-escape", 'print "abc\\"\n')
case("unterminated-string-in-block", 'repeat 2 {\n print "x\n}\n')
case("bad-escape", 'print "a\\q"\n')
case("unclosed-block", "repeat 3 {\n move 0 0\n")
case("unclosed-nested-blocks", "if 1 {\n repeat 2 {\n  for i in 0..<2 {\n")
case("unclosed-def", "def f(a) {\n line a a\n")
case("unclosed-paren", "let x = (1 + 2\n")
case("unclosed-call", "let x = sin(1\n")
case("trailing-operator", "let x = 1 +\n")
case("unmatched-brace", "}\n")
case("unmatched-paren", "let x = 1)\n")
case("stray-else", "else { }\n")
case("number-1e999", "let x = 1e999\n")
case("number-minus-1e999", "move -1e999 0\n")
case("zero-over-zero", "let x = 0/0\n")
case("one-over-zero", "let x = 1/0\n")
case("sqrt-negative", "print sqrt(-1)\n")
case("asin-out-of-range", "print asin(2)\n")
case("power-overflow", "print 10^400\n")
case("modulo-zero", "print 5 % 0\n")
case("overflow-in-coordinates", "move 1e308 0\nline -1e308 0\n")
case("overflow-by-multiplication", "move 0 0\nline 1e200*1e200 0\n")
case("huge-repeat", "repeat 1e9 { }\n")
case("huge-repeat-300", "repeat 1e300 { move 0 0 }\n")
case("work-listing-millions", "move 0 0\nline 6000000 0\ndash 1 1\npoints\n")
case("negative-repeat", "repeat -5 { }\n")
case("fractional-repeat", "repeat 2.5 { }\n")
case("huge-for", "for i in 0..<1e12 { }\n")
case("nested-loops-over-limit", "repeat 10000 { repeat 10000 { } }\n")
case("dash-zero-zero", "move 0 0\nline 10 0\ndash 0 0\n")
case("dash-tiny-long-path", "move 0 0\nline 1000000 0\ndash 1e-9 1e-9\n")
case("dash-negative", "move 0 0\nline 10 0\ndash 1 -1\n")
case("dash-infinite", "move 0 0\nline 10 0\ndash 1e999 1\n")
case("dash-phase-missing", "move 0 0\nline 10 0\ndash 1 1 phase\n")
case("unbounded-recursion", "def f(n) { f n+1 }\nf 0\n")
case("mutual-recursion", "def a(n) { b n }\ndef b(n) { a n }\na 0\n")
case("include-missing", 'include "no/such/file.shape"\n')
case("include-self", 'include "include-self.shape"\n')
case("include-directory", 'include "."\n')
case("include-number", "include 42\n")
case("negative-radius", "circle 0 0 -1\n")
case("arc-negative-radius", "arc 0 0 -5 0 1\n")
case("line-without-move", "line 1 1\n")
case("quad-without-move", "quad 1 1 2 2\n")
case("curve-without-move", "curve 1 1 2 2 3 3\n")
case("undefined-variable", "print nothing\n")
case("assign-undefined", "x = 3\n")
case("redefine-pi", "let pi = 3\n")
case("assign-builtin", "pen.x = 3\n")
case("unknown-function", "print foo(1)\n")
case("call-arity", "print atan2(1)\n")
case("unknown-command", "circel 1 2 3\n")
case("number-suffix", "move 10px 0\n")
case("unexpected-character", "move 0 0 $\n")
case("string-as-number", 'move "a" 0\n')
case("handle-fraction", "move 0 0\nline 10 0\nhandle 0.5\n")
case("at-negative", "move 0 0\nline 10 0\nat -1\n")
case("at-beyond", "move 0 0\nline 10 0\nat 11\n")
case("nearest-empty", "nearest 1 1\n")
case("precision-negative", "precision -1\n")
case("precision-huge", "precision 1e9\n")
case("undo-empty", "undo\n")
case("scale-zero", "rect 0 0 1 1\nscale 0\n")
case("translate-empty", "translate 1 1\n")
case("rotate-nan", "rect 0 0 1 1\nrotate 0/0\n")
case("arc-both-directions", "arc 0 0 1 0 1 cw ccw\n")
case("drag-without-mode", "move 0 0\nline 10 0\ndrag 1 1\n")
case("drag-both-modes", "move 0 0\nline 10 0\ndrag to 1 1 by 2 2\n")
case("sticky-negative", "sticky 0 0 -1 0 0 1\n")
case("wander-negative", "wander -1\n")
case("wander-no-room", "wander 100 within 0 0 1 1 from 500 500\n")
case("help-unknown", "help nothing\n")
case("svg-number-after-close", 'svg "M 0 0 L 1 1 Z 5 5"\n')
case("svg-bad-flag", 'svg "M 0 0 A 1 1 0 2 1 3 3"\n')
case("svg-no-move", 'svg "L 1 1"\n')
case("save-without-path", 'save "x.svg"\n')
case("save-into-missing-folder", 'circle 0 0 1\nsave "no/such/folder/x.svg"\n')
case("split-a-move", "move 0 0\nline 1 1\nsplit 0 0.5\n")
case("casteljau-an-arc", "arc 0 0 1 0 1\ncasteljau 1 0.5\n")
case("element-out-of-range", "move 0 0\nline 1 1\nextrema 7\n")
case("deep-parentheses", "let x = " + "(" * 10000 + "1" + ")" * 10000 + "\n")
case("deep-unary", "let x = " + "-" * 10000 + "1\n")
case("one-megabyte-number", "move " + "9" * (1 << 20) + " 0\n")
case("one-megabyte-name", "x" * (1 << 20) + "\n")
case("one-megabyte-string-unterminated", 'print "' + "a" * (1 << 20) + "\n")
case("for-missing-in", "for i 0..<3 { }\n")
case("for-missing-range", "for i in 3 { }\n")
case("def-bad-params", "def f(1) { }\n")
case("let-missing-name", "let = 3\n")
case("let-missing-value", "let x =\n")
case("only-operator", "*\n")
case("if-no-block", "if 1 print 2\n")
case("else-without-if", "print 1\nelse { }\n")
case("failing-late-in-loop", "move 0 0\nrepeat 100 { line pen.x+1 0; if pen.x > 50 { line 1/0 0 } }\n")
case("failing-procedure", "def f(x) { line x x }\nmove 0 0\nf 1/0\n")
case("error-after-good-lines", "move 0 0\nline 1 1\nline 2 2\nlne 3 3\n")

# Binary garbage: fixed seeds so that the corpus is reproducible.
rng = random.Random(7)
for k in range(6):
    data = bytes(rng.randrange(256) for _ in range(rng.randrange(50, 400)))
    # Make sure each fails: start with a byte the lexer rejects.
    cases[f"binary-garbage-{k}"] = b"\x01" + data

# Every command with every wrong arity, from the command table in the sources.
table = open("Sources/ShapeLanguage/CommandTable.swift").read()
for m in re.finditer(r'CommandSpec\(name: "(\w+)", parameters: \[([^\]]*)\](?:, optionalCount: (\d))?(, variadic: true)?', table):
    name, params, optional, variadic = m.group(1), m.group(2), int(m.group(3) or 0), m.group(4)
    if name in ("let", "repeat", "for", "if", "def", "print", "include", "help") or variadic:
        continue
    count = len([p for p in params.split(",") if p.strip()])
    prefix = "move 0 0\nline 10 0\n"   # a path, so that only the arity is wrong
    too_many = " ".join(["1"] * (count + 1))
    case(f"arity-{name}-too-many", prefix + f"{name} {too_many}\n")
    if count - optional > 0:
        too_few = " ".join(["1"] * (count - optional - 1))
        case(f"arity-{name}-too-few", prefix + f"{name} {too_few}\n")

for f in os.listdir(out):
    if f.endswith(".shape") and not f.startswith("fuzz-"):
        os.remove(os.path.join(out, f))
for name, text in cases.items():
    mode = "wb" if isinstance(text, bytes) else "w"
    with open(os.path.join(out, name + ".shape"), mode) as f:
        f.write(text)
print(len(cases), "hostile inputs")
