#!/usr/bin/env python3
"""Writes Tests/ShapeCLITests/Hostile/: malformed and hostile scripts, each of which must be
answered with a located error naming what it was written for, and exit status 1
(HostileInputTests checks them; expected.tsv holds each one's error).
Every command's wrong arities are not here: Tests/ShapeCLITests/ArityCorpusTests.swift makes
them from the command table itself."""
import os, random

out = "Tests/ShapeCLITests/Hostile"
os.makedirs(out, exist_ok=True)
cases = {}
expected = {}
def case(name, text, expect=None, args=""):
    """One input; `expect` is a part of the error message it must be answered with (the error it
    was written for), `args` any options to run it with."""
    cases[name] = text
    expected[name] = (expect, args)

case("unterminated-string", 'print "abc\n', "unterminated string (strings end on the same line with \")")
case("unterminated-string-escape", 'print "abc\\"\n', "unterminated string (strings end on the same line with \")")
case("unterminated-string-in-block", 'repeat 2 {\n print "x\n}\n', "unterminated string (strings end on the same line with \")")
case("bad-escape", 'print "a\\q"\n', "unknown escape '\\q' in a string (use \\n, \\t, \\\" or \\\\)")
case("unclosed-block", "repeat 3 {\n move 0 0\n", "this '{' is never closed")
case("unclosed-nested-blocks", "if 1 {\n repeat 2 {\n  for i in 0..<2 {\n", "this '{' is never closed")
case("unclosed-def", "def f(a) {\n line a a\n", "this '{' is never closed")
case("unclosed-paren", "let x = (1 + 2\n", "expected ')', found the end of the input")
case("unclosed-call", "let x = sin(1\n", "expected ')', found the end of the input")
case("trailing-operator", "let x = 1 +\n", "expected an expression after '+', found the end of the input")
case("unmatched-brace", "}\n", "unmatched '}'")
case("unmatched-paren", "let x = 1)\n", "expected the end of the statement, found ')'")
case("stray-else", "else { }\n", "expected a statement, found 'else'")
case("number-1e999", "let x = 1e999\n", "the number 1e999 is too large")
case("number-minus-1e999", "move -1e999 0\n", "the number 1e999 is too large")
case("zero-over-zero", "let x = 0/0\n", "the result of '/' is not a finite number")
case("one-over-zero", "let x = 1/0\n", "the result of '/' is not a finite number")
case("sqrt-negative", "print sqrt(-1)\n", "the result of sqrt is not a finite number")
case("asin-out-of-range", "print asin(2)\n", "the result of asin is not a finite number")
case("power-overflow", "print 10^400\n", "the result of '^' is not a finite number")
case("modulo-zero", "print 5 % 0\n", "the result of '%' is not a finite number")
case("overflow-in-coordinates", "move 1e308 0\nline -1e308 0\n", "is too large: coordinates up to about 1e150")
case("overflow-by-multiplication", "move 0 0\nline 1e200*1e200 0\n", "the result of '*' is not a finite number")
case("huge-repeat", "repeat 1e9 { }\n", "more than 1000000 loop iterations in one statement")
case("huge-repeat-300", "repeat 1e300 { move 0 0 }\n", "more than 1000000 loop iterations")
case("work-listing-millions", "move 0 0\nline 6000000 0\ndash 1 1\npoints\n", "does too much work")
case("negative-repeat", "repeat -5 { }\n", "the repeat count cannot be negative")
case("fractional-repeat", "repeat 2.5 { }\n", "the repeat count must be a whole number")
case("huge-for", "for i in 0..<1e12 { }\n", "more than 1000000 loop iterations in one statement")
case("nested-loops-over-limit", "repeat 10000 { repeat 10000 { } }\n", "more than 1000000 loop iterations in one statement")
case("dash-zero-zero", "move 0 0\nline 10 0\ndash 0 0\n", "a dash pattern needs a positive total length")
case("dash-tiny-long-path", "move 0 0\nline 1000000 0\ndash 1e-9 1e-9\n", "that would make more than 10000000 track points")
case("dash-negative", "move 0 0\nline 10 0\ndash 1 -1\n", "dash lengths must be finite and not negative")
case("dash-infinite", "move 0 0\nline 10 0\ndash 1e999 1\n", "the number 1e999 is too large")
case("dash-phase-missing", "move 0 0\nline 10 0\ndash 1 1 phase\n", "'phase' needs a value after it")
case("unbounded-recursion", "def f(n) { f n+1 }\nf 0\n", "calls nested more than 200 deep")
case("mutual-recursion", "def a(n) { b n }\ndef b(n) { a n }\na 0\n", "calls nested more than 200 deep")
case("include-missing", 'include "no/such/file.shape"\n', "cannot include 'no/such/file.shape': No such file or")
# A file that is not a shape script: where it stops, none of its text (/etc/shadow once showed its first line).
case("include-not-a-script", 'include "expected.tsv"\n', "cannot include 'expected.tsv': it is not named .shape, and it stops at its line")
case("include-self", 'include "include-self.shape"\n', "'include-self.shape' includes itself")
case("include-directory", 'include "."\n', "cannot include '.': it is a directory")
case("include-number", "include 42\n", "the file name must be a string")
case("include-device", 'include "/dev/zero"\n', "cannot include '/dev/zero': it is not a regular file")
case("string-doubling", 'let s = "ab"\nrepeat 40 { s = s + s }\n', "the string would be longer than 10000000 bytes")
# A million statements run in one statement, then one loop turn more than the limit allows (an
# empty one, so that the debug build the tests use reaches it quickly).
case("a-million-lets-twice", "repeat 1000 { repeat 999 { let a = 1 } }\nrepeat 1000 { repeat 1000 { } }\nrepeat 1 { }\n"
     "repeat 1000 { repeat 1001 { } }\n", "more than 1000000 loop iterations in one statement")
case("negative-radius", "circle 0 0 -1\n", "a radius cannot be negative")
case("arc-negative-radius", "arc 0 0 -5 0 1\n", "a radius cannot be negative")
case("line-without-move", "line 1 1\n", "'line' needs a current point: start with 'move x y'")
case("quad-without-move", "quad 1 1 2 2\n", "'quad' needs a current point: start with 'move x y'")
case("curve-without-move", "curve 1 1 2 2 3 3\n", "'curve' needs a current point: start with 'move x y'")
case("undefined-variable", "print nothing\n", "'nothing' is not defined (use 'let nothing = ...' to define")
case("assign-undefined", "x = 3\n", "'x' is not defined (use 'let x = ...' to define it)")
case("redefine-pi", "let pi = 3\n", "'pi' is a built-in name and cannot be redefined")
case("assign-builtin", "pen.x = 3\n", "'pen.x' is a built-in name and cannot be redefined")
case("unknown-function", "print foo(1)\n", "unknown function 'foo'")
case("call-arity", "print atan2(1)\n", "'atan2' takes 2 arguments, got 1")
case("unknown-command", "circel 1 2 3\n", "unknown command or variable 'circel'")
case("number-suffix", "move 10px 0\n", "unknown number suffix 'px' (only 'deg' and '°' are allowed)")
case("unexpected-character", "move 0 0 $\n", "unexpected character '$'")
case("string-as-number", 'move "a" 0\n', "'x' must be a number, not a string")
case("handle-fraction", "move 0 0\nline 10 0\nhandle 0.5\n", "the handle index must be a whole number")
case("at-negative", "move 0 0\nline 10 0\nat -1\n", "'at' needs 0 <= s <= length (10)")
case("at-beyond", "move 0 0\nline 10 0\nat 11\n", "'at' needs 0 <= s <= length (10)")
case("nearest-empty", "nearest 1 1\n", "'nearest' needs a path: draw something first")
case("precision-negative", "precision -1\n", "precision must be a whole number from 0 to 17")
case("precision-huge", "precision 1e9\n", "precision must be a whole number from 0 to 17")
case("undo-empty", "undo\n", "nothing to undo")
case("scale-zero", "rect 0 0 1 1\nscale 0\n", "a scale factor cannot be 0")
case("translate-empty", "translate 1 1\n", "'translate' needs a path: draw something first")
case("rotate-nan", "rect 0 0 1 1\nrotate 0/0\n", "the result of '/' is not a finite number")
case("arc-both-directions", "arc 0 0 1 0 1 cw ccw\n", "'arc' takes either 'cw' or 'ccw', not both")
case("drag-without-mode", "move 0 0\nline 10 0\ndrag 1 1\n", "'drag' needs 'to x y' or 'by dx dy'")
case("drag-both-modes", "move 0 0\nline 10 0\ndrag to 1 1 by 2 2\n", "'drag' takes either 'to' or 'by', not both")
case("sticky-negative", "sticky 0 0 -1 0 0 1\n", "a radius cannot be negative")
case("sticky-huge-radius", "sticky 0 0 1e308 1e307 0 20\ncontains 0 0\n", "the result would not be finite")
case("sticky-huge-distance", "sticky 0 0 20 1.5e308 1.5e308 20\n", "the result would not be finite")
case("line-wider-than-doubles", "move -1e308 0\nline 1e308 0\n", "is too large: coordinates up to about 1e150")
case("wander-negative", "wander -1\n", "duration and speed cannot be negative")
case("wander-no-room", "wander 100 within 0 0 1 1 from 500 500\n", "the safe area cannot hold the curve")
case("help-unknown", "help nothing\n", "unknown command or variable 'nothing'")
case("svg-number-after-close", 'svg "M 0 0 L 1 1 Z 5 5"\n', "bad SVG path data: expected a path command (M, L, H, V, C,")
case("svg-bad-flag", 'svg "M 0 0 A 1 1 0 2 1 3 3"\n', "bad SVG path data: expected an arc flag, 0 or 1")
case("svg-no-move", 'svg "L 1 1"\n', "bad SVG path data: path data must start with M or m")
case("save-without-path", 'save "x.svg"\n', "'save' needs a path: draw something first")
case("save-into-missing-folder", 'circle 0 0 1\nsave "no/such/folder/x.svg"\n', "cannot save 'no/such/folder/x.svg': No such file or")
case("split-a-move", "move 0 0\nline 1 1\nsplit 0 0.5\n", "element 0 is a move: it draws nothing")
case("casteljau-an-arc", "arc 0 0 1 0 1\ncasteljau 1 0.5\n", "element 1 is an arc: de Casteljau's construction is for")
case("element-out-of-range", "move 0 0\nline 1 1\nextrema 7\n", "there is no element 7 (the path has 2; see 'elements')")
case("deep-parentheses", "let x = " + "(" * 10000 + "1" + ")" * 10000 + "\n", "expressions nest more than 256 deep")
case("deep-unary", "let x = " + "-" * 10000 + "1\n", "expressions nest more than 256 deep")
case("one-megabyte-number", "move " + "9" * (1 << 20) + " 0\n", "is too large")
case("one-megabyte-name", "x" * (1 << 20) + "\n", "unknown command or variable")
case("one-megabyte-string-unterminated", 'print "' + "a" * (1 << 20) + "\n", "unterminated string (strings end on the same line with \")")
case("for-missing-in", "for i 0..<3 { }\n", "expected 'in', found a number")
case("for-missing-range", "for i in 3 { }\n", "what 'for ... in' runs over must be a list or a range")
case("def-bad-params", "def f(1) { }\n", "expected a parameter name, found a number")
case("let-missing-name", "let = 3\n", "expected a name after 'let', found '='")
case("let-missing-value", "let x =\n", "expected an expression, found the end of the input")
case("only-operator", "*\n", "expected an expression, found '*'")
case("if-no-block", "if 1 print 2\n", "expected '{', found 'print'")
case("else-without-if", "print 1\nelse { }\n", "expected a statement, found 'else'")
case("failing-late-in-loop", "move 0 0\nrepeat 100 { line pen.x+1 0; if pen.x > 50 { line 1/0 0 } }\n", "the result of '/' is not a finite number")
case("failing-procedure", "def f(x) { line x x }\nmove 0 0\nf 1/0\n", "the result of '/' is not a finite number")
# Statements that change each part of the state before they fail: all of it must come back.
case("failing-after-assign", "let a = 1\nmove 0 0\nrepeat 2 { a = a + 1; line 1/0 0 }\n", "the result of '/' is not a finite number")
case("failing-after-dash", "move 0 0\nline 10 0\nrepeat 1 { dash 3 1; line 1/0 0 }\n", "the result of '/' is not a finite number")
case("failing-after-handle", "move 0 0\nline 10 0\nrepeat 1 { handle 4; drag to 9 0; line 1/0 0 }\n", "the result of '/' is not a finite number")
case("failing-after-precision", "move 0 0\nrepeat 1 { precision 2; line 1/0 0 }\n", "the result of '/' is not a finite number")
case("failing-after-def", "move 0 0\nif 1 { def g(a) { line a a }; line 1/0 0 }\n", "the result of '/' is not a finite number")
case("failing-after-transform", "move 0 0\nline 10 0\nrepeat 1 { rotate 1; scale 2; line 1/0 0 }\n", "the result of '/' is not a finite number")
case("failing-after-nearest", "move 0 0\nline 10 0\nrepeat 1 { nearest 3 3; line 1/0 0 }\n", "the result of '/' is not a finite number")
case("failing-after-casteljau", "move 0 0\nline 10 0\nrepeat 1 { casteljau 1 0.25; line 1/0 0 }\n", "the result of '/' is not a finite number")
case("failing-after-clear", "move 0 0\nline 10 0\nrepeat 1 { clear; move 1 1; line 1/0 0 }\n", "the result of '/' is not a finite number")
case("failing-after-undo", "move 0 0\nline 10 0\nrepeat 1 { undo; line 1/0 0 }\n", "the result of '/' is not a finite number")
# Values (SPEC section 9): every wrong kind is a located error.
case("value-missing-field", "circle 0 0 5\nlet n = nearest(1, 1)\nprint n.z\n", "a record with fields 'x', 'y', 'distance' and 'at' has no")
case("value-index-a-number", "let x = 3\nprint x[0]\n", "only a list can be indexed, and this is a number")
case("value-index-out-of-range", "let xs = [1, 2]\nprint xs[7]\n", "there is no item 7 (the list has 2: 0 to 1)")
case("value-index-negative", "let xs = [1, 2]\nprint xs[-1]\n", "there is no item -1 (the list has 2: 0 to 1)")
case("value-index-fraction", "let xs = [1, 2]\nprint xs[0.5]\n", "the index must be a whole number")
case("value-record-as-number", "circle 0 0 5\nline nearest(1, 1) 0\n", "'x' must be a number, not a record")
case("value-path-as-number", "circle 0 0 5\nprint path() + 1\n", "the left side of '+' must be a number, not a path")
case("value-draw-a-number", "draw 5\n", "what 'draw' draws must be a path, not a number")
case("value-for-over-a-number", "for v in 5 { print v }\n", "what 'for ... in' runs over must be a list or a range")
case("value-command-as-function", "move 0 0\nprint line(1, 2)\n", "'line' is a command that changes the path, not a query: it")
case("value-show-as-function", "circle 0 0 5\nprint show()\n", "'show' prints or writes; it has no function form")
case("value-procedure-without-return", "def f(x) { move x x }\nprint f(1)\n", "'f' has no 'return': it draws, and has no value; call it as")
case("value-return-outside", "return 1\n", "'return' is only allowed inside a procedure ('def')")
case("value-function-recursion", "def f(n) { return f(n + 1) }\nprint f(0)\n", "calls nested more than 200 deep")
case("value-huge-list-in-loop", "let xs = [1, 2, 3]\nrepeat 100000 { xs = [xs, xs] }\n", "this list would hold more than 1000000 values (nested ones")
case("value-unclosed-list", "let xs = [1, 2\n", "expected ']', found the end of the input")
case("value-unclosed-index", "let xs = [1]\nprint xs[0\n", "expected ']', found the end of the input")
case("value-query-no-path", "print nearest(1, 1)\n", "'nearest' needs a path: draw something first")
case("value-element-out-of-range", "circle 0 0 5\nprint point(9, 0.5)\n", "there is no element 9 (the path has 3; see 'elements')")
# Text: typos that used to pass as two arguments, names that shadow built-ins.
case("number-two-points", "move 1.2.3 0\n", "'1.2.3' is not a number")
case("number-then-paren", "move 0 0\nline 1(2)\n", "expected an operator or a space after the number, found '('")
case("loop-variable-pi", "for pi in 0..<3 { print pi }\n", "'pi' is a built-in name and cannot be redefined")
case("loop-variable-pen-x", "for pen.x in [1, 2] { }\n", "'pen.x' is a built-in name and cannot be redefined")
case("def-duplicate-parameter", "def f(a, a) { line a a }\n", "the parameter 'a' is named twice")
case("def-parameter-builtin", "def f(tau) { }\n", "'tau' is a built-in name and cannot be redefined")
case("crlf-error-after-comment", "# a comment\r\nmove 0 0\r\nlne 1 1\r\n", "unknown command or variable 'lne'")
# Messages: no raw control characters, no megabytes of echoed line.
case("save-name-with-nul", 'circle 0 0 1\nsave "x\x00y.svg"\n', "that is not a file name: it holds a NUL byte")
case("escape-sequence-in-source", "move 0 0\nline 1 \x1b[31mred\n", "unexpected control character U+001B")
case("svg-exponent-without-digits", 'svg "M 1 2e-"\n', "bad SVG path data: the exponent of the number has no digits")
case("long-line", "move " + "1 " * 300_000 + "x\n", "'move' takes 2 arguments (x y), got 300001 arguments")
# Numbers: results that cannot be represented are located errors, never inf, null or noise.
case("arc-angle-1e17", "arc 0 0 100 1e17 0\n", "an angle must be at most 1073741824 radians in size (2^30):")
case("rotate-angle-1e20", "circle 0 0 1\nrotate 1e20\n", "an angle must be at most 1073741824 radians in size (2^30):")
case("for-beyond-2-53", "for i in 1e16..<1e16+3 { }\n", "loop bounds must be below 2^53 in size (past it, adding 1")
case("scale-subnormal", "circle 0 0 1\nscale 1e-320\n", "a scale factor must be between 1e-100 and 1e100 in size")
case("scale-huge", "circle 0 0 1\nscale 1e300\n", "a scale factor must be between 1e-100 and 1e100 in size")
case("within-infinite-box", "circle 0 0 1\ntranslate 1 1 within 1e308 0 1e308 1\n", "the 'within' rectangle is not a finite number")
case("error-after-good-lines", "move 0 0\nline 1 1\nline 2 2\nlne 3 3\n", "unknown command or variable 'lne'")

# Bounded work (issue 25): each kind of work is charged, so a statement stops within the budget.
# Run with a smaller budget, so that the debug build the tests use stops within a second.
small = "--work-limit 2000000"
case("work-expressions", "let x = 1\nrepeat 1000000 { x = (x + 1) * 2 - x / 4 - x }\n", "does too much work", small)
case("work-lets", "repeat 1000000 { " + "; ".join(["let a = 1"] * 100) + " }\n", "does too much work", small)
case("work-recursion", "def f(n) { if n > 0 { f n-1 \n f n-1 } }\nf 40\n", "does too much work", small)
case("work-draw-onto-itself", "move 0 0\nline 1 1\nrepeat 40 { draw path() }\n", "does too much work", small)
case("work-simplify-copies", "repeat 400 { rect 0 0 1 1 }\nsimplify\n", "does too much work", small)
case("work-intersections-grid", "for i in 0..<300 { move i 0; line i 300 }\nlet a = path()\nclear\n"
     "for i in 0..<300 { move 0 i+0.5; line 300 i+0.5 }\nintersections a\n", "does too much work", small)
case("work-stroke", "move 0 0\nfor i in 0..<300 { curve i*3+1 40 i*3+2 -40 i*3+3 0 }\nstroke 30 cap round join round\n",
     "does too much work", small)
case("work-quads", "repeat 2000 { circle 0 0 10 }\nquads\n", "does too much work", small)
case("work-nearest-polygon", "move 100 0\nfor i in 1..<1000 { line 100*cos(i*tau/1000) 100*sin(i*tau/1000) }\nclose\n"
     "repeat 1000 { nearest 0 0 }\n", "does too much work", small)
# Answers at every scale the docs accept, a located error below.
case("element-too-small", "circle 0 0 1e-170\n", "too small to measure")
case("element-too-large", "circle 0 0 1e160\n", "is too large: coordinates up to about 1e150")
case("stroke-too-wide", "rect 0 0 10 10\nstroke 1e14\n", "times the path's size: at most a million")
case("offset-too-far", "rect 0 0 1 1\noffset 1e8\n", "times the path's size: at most a million")
case("include-name-with-nul", 'include "include-self.shape\x00x"\n', "holds a NUL byte")
# Messages that say what is wrong.
case("mold-near-an-end", "move 0 0\nquad 50 100 100 0\nmold 1 1e-200 10 10\n", "so near an end")
case("rational-weight-too-many", "move 0 0\nquad 50 100 100 0\nrational 1 0.5 1 2 1 5\n", "one weight for each of the element's 3 points, got 4")

# Binary garbage: fixed seeds so that the corpus is reproducible.
rng = random.Random(7)
for k in range(6):
    data = bytes(rng.randrange(256) for _ in range(rng.randrange(50, 400)))
    # Make sure each fails: start with a byte the lexer rejects.
    cases[f"binary-garbage-{k}"] = b"\x01" + data
    expected[f"binary-garbage-{k}"] = ("unexpected control character U+0001", "")

# The fuzzer's finds (kept as they were found, not written here): what each must be answered with.
expected["fuzz-huge-control-point"] = ("the result would not be finite", "")
expected["fuzz-svg-number-after-z"] = ("bad SVG path data: expected a path command", "")

for f in os.listdir(out):
    if f.endswith(".shape") and not f.startswith("fuzz-"):
        os.remove(os.path.join(out, f))
for name, text in cases.items():
    mode = "wb" if isinstance(text, bytes) else "w"
    with open(os.path.join(out, name + ".shape"), mode) as f:
        f.write(text)
# What each is answered with, for HostileInputTests: name, a part of the error, options.
with open(os.path.join(out, "expected.tsv"), "w") as f:
    f.write("# name\terror message (a part of it)\toptions (written by scripts/hostile-corpus.py)\n")
    for name in sorted(expected):
        expect, args = expected[name]
        assert expect, name + ": no expected error"
        f.write(f"{name}\t{expect}\t{args}\n")
print(len(cases), "hostile inputs")
