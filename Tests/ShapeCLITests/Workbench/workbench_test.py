#!/usr/bin/env python3
"""The workbench tested from outside: its HTTP server with raw sockets, its page in headless
Chromium driven through WebDriver (selenium), the REPL under tmux. Run by
Tests/ShapeCLITests/WorkbenchTests.swift with the `shape` binary of the build:

    workbench_test.py SHAPE PAGE_HTML

Every expected value comes from the statements' own definitions (the seed-000 drag rule, de
Casteljau's construction, the elements' numbers), computed here, not from the page's output.
Prints one line per check; exits 1 when any fails."""

import base64
import json
import math
import os
import re
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import zlib

SHAPE, PAGE = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
failures = []
STARTED = time.time()


def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what + f"  [{time.time() - STARTED:.1f} s]", flush=True)
    if not ok:
        failures.append(what)


# ---- A session with its workbench ----

class View:
    """`shape view FILE --port 0`-like: a session reading statements from a pipe."""

    def __init__(self, script, extra=()):
        self.dir = tempfile.mkdtemp()
        path = os.path.join(self.dir, "start.shape")
        with open(path, "w") as f:
            f.write(script)
        self.proc = subprocess.Popen([SHAPE, "view", path, *extra], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, cwd=self.dir)
        self.lines = []
        self.address = None
        deadline = time.time() + 60
        while time.time() < deadline:
            line = self.proc.stdout.readline().decode()
            if not line:
                break
            self.lines.append(line)
            m = re.match(r"view: (http://127\.0\.0\.1:(\d+)/\?token=([0-9a-f]{32}))", line)
            if m:
                self.address, self.port, self.token = m.group(1), int(m.group(2)), m.group(3)
                break
        if not self.address:
            raise RuntimeError("no address from shape view: " + "".join(self.lines) + self.proc.stderr.read().decode())
        threading.Thread(target=self._drain, daemon=True).start()

    def _drain(self):
        for line in self.proc.stdout:
            self.lines.append(line.decode())

    def type(self, statement):
        self.proc.stdin.write((statement + "\n").encode())
        self.proc.stdin.flush()

    def close(self):
        try:
            self.proc.stdin.close()
            self.proc.wait(timeout=10)
        except Exception:
            self.proc.kill()
        return self.proc.returncode


def raw(port, data, read=True, timeout=5.0):
    """Sends bytes on a fresh connection; returns what came back before the server closed it
    (or the timeout)."""
    s = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    s.sendall(data)
    out = b""
    if read:
        try:
            while True:
                chunk = s.recv(65536)
                if not chunk:
                    break
                out += chunk
                if b"\r\n\r\n" in out:
                    head, _, body = out.partition(b"\r\n\r\n")
                    m = re.search(rb"Content-Length: (\d+)", head)
                    if m and len(body) >= int(m.group(1)):
                        break
        except socket.timeout:
            pass
    s.close()
    return out


def status(response):
    m = re.match(rb"HTTP/1\.1 (\d{3})", response)
    return int(m.group(1)) if m else None


def body(response):
    return response.partition(b"\r\n\r\n")[2]


def request(v, method, target, headers=None, data=b"", host=None):
    h = {"Host": host or f"127.0.0.1:{v.port}", "Connection": "close"}
    h.update(headers or {})
    if data or method == "POST":
        h["Content-Length"] = str(len(data))
    head = f"{method} {target} HTTP/1.1\r\n" + "".join(f"{k}: {val}\r\n" for k, val in h.items()) + "\r\n"
    return raw(v.port, head.encode() + data)


def scene(v):
    """The session's scene as /scene.bin has it (read by decode_scene), without its version."""
    got, whole = decode_scene(body(request(v, "GET", f"/scene.bin?token={v.token}")))
    check(whole, "/scene.bin is whole: its header, then exactly its coordinates")
    got.pop("version", None)
    return got


def post(v, statement, headers=None):
    h = {"Content-Type": "application/json"}
    h.update(headers or {})
    return request(v, "POST", f"/run?token={v.token}", h, json.dumps({"statement": statement}).encode())


def decode_scene(data, at=0):
    """The binary scene (WorkbenchScene.binary), read here independently of the page's reader:
    a 32-bit little-endian length, that much JSON, then little-endian doubles from the next
    multiple of 8: each element's coordinates, then the track points'. As the page's object."""
    n = struct.unpack_from("<I", data, at)[0]
    header = json.loads(data[at + 4:at + 4 + n])
    offset = at + 4 + n
    check_aligned = (offset - at) % 8 == 0
    counts = {"m": 2, "l": 4, "q": 6, "c": 8, "a": 10, "z": 4}
    names = {"m": "move", "l": "line", "q": "quad", "c": "curve", "a": "arc", "z": "close"}
    elements, arcs = [], iter(header.pop("arcs"))
    for letter in header.pop("kinds"):
        p = list(struct.unpack_from(f"<{counts[letter]}d", data, offset))
        offset += 8 * counts[letter]
        elements.append({"k": names[letter], "a": next(arcs), "p": p} if letter == "a" else {"k": names[letter], "p": p})
    track = header.pop("track")
    header["track"] = None if track < 0 else list(struct.unpack_from(f"<{2 * track}d", data, offset))
    offset += 0 if track < 0 else 16 * track
    header["elements"] = elements
    return header, check_aligned and offset == len(data)


# ---- The server: safety, limits, hostile clients ----

def server_tests():
    v = View("move 0 0\nline 100 0\nquad 150 0 150 50\n")
    t = v.token
    before = scene(v)
    page = open(PAGE, "rb").read()
    r = request(v, "GET", f"/?token={t}")
    check(status(r) == 200 and body(r) == page, "the page is served from the binary, byte for byte page.html")
    check(b"Content-Security-Policy: default-src 'none'" in r, "the page may load nothing from elsewhere (CSP)")
    check(status(request(v, "GET", "/")) == 403, "no token: 403")
    check(status(request(v, "GET", "/?token=" + "0" * 32)) == 403, "a wrong token: 403")
    check(status(request(v, "GET", f"/?token={t}", {"X-Shape-Token": "0" * 32})) == 200, "the token in the query is enough")
    check(status(request(v, "GET", "/scene.bin", {"X-Shape-Token": t})) == 200, "the token in X-Shape-Token is enough")
    check(status(request(v, "GET", f"/scene?token={t}")) == 404, "there is no JSON form of the scene")
    # The scene in binary, as the page gets it: the script's elements, every double exact.
    binary, whole = decode_scene(body(request(v, "GET", f"/scene.bin?token={t}")))
    version = binary.pop("version", None)
    check(whole and isinstance(version, int) and binary["elements"] == [
        {"k": "move", "p": [0, 0]}, {"k": "line", "p": [0, 0, 100, 0]}, {"k": "quad", "p": [100, 0, 150, 0, 150, 50]}],
        "/scene.bin holds the script's elements exactly, with its version")
    r = request(v, "POST", f"/run?scene=1&token={t}", {"Content-Type": "application/json"}, json.dumps({"statement": "arc 150 100 20 0deg 90deg"}).encode())
    data = body(r)
    n = struct.unpack_from("<I", data)[0]
    answer = json.loads(data[4:4 + n])
    after, whole = decode_scene(data, 4 + n)
    check(status(r) == 200 and answer["ok"] and (4 + n) % 8 == 0 and whole and after.pop("version") > version
          and after == scene(v) and after["elements"][-1]["k"] == "arc",
          "POST /run?scene=1 answers the statement's report and then the scene after it, in binary")
    post(v, "undo")
    check(scene(v) == before, "undone")
    # A page may read and write files only inside the session's folder; the prompt keeps its powers.
    outside = tempfile.mkdtemp()
    os.symlink(outside, os.path.join(v.dir, "out"))
    # A link inside the folder to a file outside it: writing through it would write outside.
    with open(os.path.join(outside, "target.svg"), "w") as f:
        f.write("kept")
    os.symlink(os.path.join(outside, "target.svg"), os.path.join(v.dir, "inner.svg"))
    for statement in [f'save "{outside}/abs.svg"', 'save "../up.svg"', 'save "out/link.svg"', 'save "inner.svg"', f'export swift "{outside}/x.swift"',
                      'include "/etc/passwd"', 'include "out/../../etc/passwd"']:
        answer = json.loads(body(post(v, statement)))
        check(not answer["ok"] and "only inside the session's folder" in answer["error"] and "root:" not in answer["error"],
              f"a page's '{statement}' is refused with its reason")
    check(os.listdir(outside) == ["target.svg"] and open(os.path.join(outside, "target.svg")).read() == "kept",
          "nothing was written outside the session's folder")
    answer = json.loads(body(post(v, 'save "inside.svg"')))
    check(answer["ok"] and os.path.exists(os.path.join(v.dir, "inside.svg")), "a page saves inside the session's folder")
    with open(os.path.join(v.dir, "secret"), "w") as f:
        f.write("root:x:0:0:secret words\n")
    answer = json.loads(body(post(v, 'include "secret"')))
    check(not answer["ok"] and "secret words" not in answer["error"] and "nothing of it is shown" in answer["error"],
          "a file that is not a shape script is not quoted in the error")
    v.type(f'save "{outside}/typed.svg"')
    deadline = time.time() + 10
    while time.time() < deadline and not os.path.exists(os.path.join(outside, "typed.svg")):
        time.sleep(0.05)
    check(os.path.exists(os.path.join(outside, "typed.svg")), "a statement typed at the prompt still saves anywhere")
    check(status(request(v, "GET", f"/?token={t}", host=f"evil.example:{v.port}")) == 403, "a foreign Host (DNS rebinding): 403")
    check(status(request(v, "GET", f"/?token={t}", host="127.0.0.1:1")) == 403, "a Host with another port: 403")
    check(status(request(v, "GET", f"/?token={t}", host=f"localhost:{v.port}")) == 200, "Host localhost:port is the loopback")
    check(status(post(v, "clear", {"Origin": "http://evil.example"})) == 403, "a statement from a foreign Origin: 403")
    check(status(request(v, "POST", f"/run?token={t}", {"Content-Type": "text/plain"}, b'{"statement":"clear"}')) == 415,
          "a statement not sent as JSON: 415")
    check(status(request(v, "POST", f"/run?token={t}", {"Content-Type": "application/json"}, b'{"statement":')) == 400,
          "malformed JSON: 400")
    check(status(request(v, "GET", f"/run?token={t}")) == 405, "statements only by POST: 405")
    check(status(request(v, "DELETE", f"/?token={t}")) == 405, "DELETE: 405")
    check(status(request(v, "GET", f"/etc/passwd?token={t}")) == 404, "no file from disk: 404")
    check(status(request(v, "GET", f"/../start.shape?token={t}")) == 404, "no file from disk, even beside the script: 404")
    check(status(raw(v.port, b"GARBAGE\r\n\r\n")) == 400, "a malformed request line: 400")
    check(status(raw(v.port, b"GET / HTTP/2.0\r\nHost: x\r\n\r\n")) == 505, "another HTTP version: 505")
    check(status(raw(v.port, b"GET / HTTP/1.1\r\nHost: a\r\nBad Header\r\n\r\n")) == 400, "a header line without a colon: 400")
    big = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + b"a" * 20000 + b"\r\n\r\n"
    check(status(raw(v.port, big)) == 431, "headers over 16 KiB: 431")
    check(status(raw(v.port, b"GET / HTTP/1.1\r\nX: " + b"b" * 20000)) == 431, "16 KiB of headers without their end: 431")
    huge = (f"POST /run?token={t} HTTP/1.1\r\nHost: 127.0.0.1:{v.port}\r\nContent-Type: application/json\r\n"
            f"Content-Length: 2000000\r\n\r\n").encode()
    check(status(raw(v.port, huge)) == 413, "a body over 1 MiB: 413")
    for length in ["9223372036854775807", "9223372036854775808", "99999999999999999999999", "-1", "1e300"]:
        past = (f"POST /run?token={t} HTTP/1.1\r\nHost: 127.0.0.1:{v.port}\r\nContent-Type: application/json\r\n"
                f"Content-Length: {length}\r\n\r\n").encode()
        check(status(raw(v.port, past)) in (400, 413), f"Content-Length {length}: refused, no trap")
    check(status(raw(v.port, b"POST /run HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")) == 501, "chunked bodies: 501")
    check(status(raw(v.port, b"GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n")) == 400, "two Host headers: 400")
    check(status(raw(v.port, f"GET /?token={t} HTTP/1.0\r\nHost: 127.0.0.1:{v.port}\r\n\r\n".encode())) == 505, "HTTP/1.0: 505, as the docs say")
    statement = b'{"statement":"clear"}'
    two_origins = (f"POST /run?token={t} HTTP/1.1\r\nHost: 127.0.0.1:{v.port}\r\nOrigin: http://127.0.0.1:{v.port}\r\n"
                   f"Origin: http://evil.example\r\nContent-Type: application/json\r\nContent-Length: {len(statement)}\r\n\r\n").encode() + statement
    check(status(raw(v.port, two_origins)) == 400, "two Origin headers, its own first and a foreign second: 400")
    # 2,000 pipelined requests for the page on a socket that never reads: the server holds a few
    # MiB of answers for it, then closes it; the session answers throughout.
    def rss():
        with open(f"/proc/{v.proc.pid}/status") as f:
            return next(int(line.split()[1]) for line in f if line.startswith("VmRSS:")) / 1024
    rss_before = rss()
    flood = socket.create_connection(("127.0.0.1", v.port), timeout=5)
    flood.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    one = f"GET /?token={t} HTTP/1.1\r\nHost: 127.0.0.1:{v.port}\r\n\r\n".encode()
    sent = 0
    try:
        flood.settimeout(2)
        for k in range(2000):
            flood.sendall(one)
            sent += 1
    except OSError:
        pass
    r = post(v, "print 3")
    grown = rss() - rss_before
    check(status(r) == 200 and json.loads(body(r))["reports"] == ["3"] and grown < 24,
          f"a statement runs beside a flood of pipelined requests ({sent} sent), the server {grown:.1f} MB larger")
    flood.close()

    # A client that sends a byte a second is dropped after 10 s with 408, and nobody waits on it.
    slow = {}

    def trickle():
        s = socket.create_connection(("127.0.0.1", v.port), timeout=20)
        began = time.time()
        got = b""
        try:
            for c in b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n":
                s.sendall(bytes([c]))
                time.sleep(1)
                s.settimeout(0.01)
                try:
                    got += s.recv(4096)
                except (socket.timeout, BlockingIOError):
                    pass
                s.settimeout(20)
                if got:
                    break
        except (BrokenPipeError, ConnectionResetError):
            pass
        slow["response"], slow["seconds"] = got, time.time() - began
        s.close()

    slowpoke = threading.Thread(target=trickle)
    slowpoke.start()
    silent = socket.create_connection(("127.0.0.1", v.port), timeout=20)
    silent_began = time.time()
    # Meanwhile: 100 clients open the event stream and vanish mid-stream; 40 hold connections at
    # once (past the 32 allowed: those get 503); the session answers throughout.
    vanished = 0
    for k in range(100):
        s = socket.create_connection(("127.0.0.1", v.port), timeout=5)
        s.sendall(f"GET /events?token={t} HTTP/1.1\r\nHost: 127.0.0.1:{v.port}\r\n\r\n".encode())
        if s.recv(64):
            vanished += 1
        s.close()
    check(vanished == 100, "100 event streams opened and dropped mid-stream")
    # 40 silent connections at once: each past the 32 allowed closes the one idle longest, so
    # none is refused and a statement still runs beside them (32 silent sockets once locked the
    # page out with 503 for 61 s).
    held = []
    for k in range(40):
        held.append(socket.create_connection(("127.0.0.1", v.port), timeout=5))
    time.sleep(0.3)
    r = post(v, "print 2")
    check(status(r) == 200 and json.loads(body(r))["reports"] == ["2"], "a statement runs beside 40 silent connections")
    import select
    closed, refused = 0, 0
    ready_all, _, _ = select.select(held, [], [], 0.5)
    for s in held:
        if s in ready_all:
            try:
                got = s.recv(64)
            except OSError:
                got = b""
            if got.startswith(b"HTTP/1.1 503"):
                refused += 1
            elif not got:
                closed += 1
    check(refused == 0 and closed >= 8, f"silent connections make room, oldest first ({closed} closed, {refused} refused)")
    for s in held:
        s.close()
    time.sleep(0.3)
    # 33 connections each in the middle of a request: the 33rd is told 503 (none is idle).
    busy = []
    for k in range(33):
        s = socket.create_connection(("127.0.0.1", v.port), timeout=5)
        s.sendall(b"GET / HTTP/1.1\r\n")
        busy.append(s)
        time.sleep(0.01)
    ready, _, _ = select.select([busy[-1]], [], [], 2)
    check(bool(ready) and busy[-1].recv(64).startswith(b"HTTP/1.1 503"), "past 32 connections all under way: 503")
    for s in busy:
        s.close()
    time.sleep(0.3)
    # Pages that never read their event stream hold at most 16 slots: the 17th is refused, and
    # statements still run beside them.
    streams = []
    for k in range(17):
        s = socket.create_connection(("127.0.0.1", v.port), timeout=5)
        s.sendall(f"GET /events?token={t} HTTP/1.1\r\nHost: 127.0.0.1:{v.port}\r\n\r\n".encode())
        streams.append((s, s.recv(64)))
    check([h.startswith(b"HTTP/1.1 200") for _, h in streams] == [True] * 16 + [False] and streams[-1][1].startswith(b"HTTP/1.1 503"),
          "16 event streams at once; the 17th: 503")
    r = post(v, "print 1")
    check(status(r) == 200 and json.loads(body(r))["reports"] == ["1"], "a statement runs beside 16 pages that never read")
    for s, _ in streams:
        s.close()
    time.sleep(0.3)
    r = post(v, "line 150 100")
    answer = json.loads(body(r))
    check(status(r) == 200 and answer["ok"] and answer["reports"] == ["line: to (150, 100), segment 50, length 231.1613"],
          "after all that, a statement runs and reports")
    slowpoke.join()
    check(status(slow.get("response", b"")) == 408 and slow["seconds"] >= 9,
          f"a client sending a byte a second: 408 after {slow.get('seconds', 0):.1f} s")
    try:
        silent_got = silent.recv(4096)
    except OSError:
        silent_got = b""
    silent_seconds = time.time() - silent_began
    check((status(silent_got) == 408 or silent_got == b"") and 9 <= silent_seconds < 15,
          f"a connection that sends nothing is cut like a slow one ({silent_seconds:.1f} s)")
    silent.close()
    r = post(v, "undo")
    check(json.loads(body(r))["ok"], "undo from the page")
    check(scene(v) == before, "the session's state is as it was before the hostile clients")
    global before_named
    before_named = before
    named_pages_test(v)
    check(scene(v) == before, "and after the named pages")
    # A statement with an error: all or nothing, with its location in the page's source.
    r = json.loads(body(post(v, "line 1 1\nquad 1 2")))
    check(not r["ok"] and "<page>" in r["error"] and "quad" in r["error"], "an error is reported with its location")
    check(scene(v)["elements"][-1]["p"][-2:] == [1, 1], "the statements before the error ran")
    post(v, "undo")
    check(scene(v) == before, "and undo takes them back")
    text = "".join(v.lines)
    check("page> line 150 100" in text, "page statements are echoed with their reports on the session's output")
    check(v.close() == 0, "end of input leaves, with status 0")


def open_events(v, client):
    s = socket.create_connection(("127.0.0.1", v.port), timeout=10)
    s.sendall(f"GET /events?client={client}&token={v.token} HTTP/1.1\r\nHost: 127.0.0.1:{v.port}\r\n\r\n".encode())
    return [s, b""]


def read_events(stream, until, timeout=20):
    """The events (name, data) an open event stream brings until one satisfies `until`."""
    s, events, deadline = stream[0], [], time.time() + timeout
    while time.time() < deadline:
        while b"\n\n" in stream[1]:
            block, _, stream[1] = stream[1].partition(b"\n\n")
            fields = dict(line.split(": ", 1) for line in block.decode().split("\n") if ": " in line and not line.startswith(":"))
            if "event" in fields:
                events.append((fields["event"], json.loads(fields["data"])))
                if until(events[-1]):
                    return events
        s.settimeout(max(0.01, deadline - time.time()))
        try:
            chunk = s.recv(65536)
        except socket.timeout:
            break
        if not chunk:
            break
        stream[1] += chunk
    return events


def named_pages_test(v):
    """A page that names itself (`client=`) gets the transcript entries and the scene of its own
    statements in their answers, and its event stream brings only the others'."""
    t = v.token
    a, b = open_events(v, "pagea"), open_events(v, "pageb")
    # Both streams are live once they have sent their first scene event.
    read_events(a, lambda e: e[0] == "scene")
    read_events(b, lambda e: e[0] == "scene")
    h = {"Content-Type": "application/json"}
    r = request(v, "POST", f"/run?scene=1&client=pagea&token={t}", h, json.dumps({"statement": "line 150 100"}).encode())
    data = body(r)
    n = struct.unpack_from("<I", data)[0]
    answer = json.loads(data[4:4 + n])
    after, _ = decode_scene(data, 4 + n)
    check(status(r) == 200 and [e["statement"] for e in answer.get("entries", [])] == ["line 150 100"]
          and answer["entries"][0]["reports"] == answer["reports"] and after["elements"][-1]["p"][-2:] == [150, 100],
          "a named page's statement is answered with its transcript entry and its scene")
    request(v, "POST", f"/run?scene=1&client=pageb&token={t}", h, json.dumps({"statement": "undo"}).encode())
    heard_a = read_events(a, lambda e: e[0] == "entry" and e[1]["statement"] == "undo")
    heard_b = read_events(b, lambda e: e[0] == "entry" and e[1]["statement"] == "line 150 100", timeout=5)
    # The other page's scene comes after its entry; the last scene event a stream brings is
    # the newest scene, fetchable at once.
    heard_a += read_events(a, lambda e: e[0] == "scene")
    statements = lambda heard: [e[1]["statement"] for e in heard if e[0] == "entry"]
    check(statements(heard_a) == ["undo"] and statements(heard_b) == ["line 150 100"],
          "each named page's event stream brings the other's statements, not its own")
    newest = [e[1]["version"] for e in heard_a if e[0] == "scene"][-1]
    got, whole = decode_scene(body(request(v, "GET", f"/scene.bin?token={t}")))
    check(whole and got["version"] >= newest and got["elements"] == before_named["elements"],
          "the scene an event names can be fetched at once: that version or a newer one")
    for stream in (a, b):
        stream[0].close()
    check(status(request(v, "GET", f"/events?client=a.b&token={t}")) == 400
          and status(request(v, "POST", f"/run?scene=1&client={'x' * 65}&token={t}", h, b'{"statement":"print 1"}')) == 400,
          "a client name that is not 1 to 64 letters and digits: 400")
    # Two requests sent at once on one connection: the second is answered after the first's job.
    s = socket.create_connection(("127.0.0.1", v.port), timeout=10)
    statement = json.dumps({"statement": "line 150 100"}).encode()
    s.sendall(f"POST /run?token={t} HTTP/1.1\r\nHost: 127.0.0.1:{v.port}\r\nContent-Type: application/json\r\nContent-Length: {len(statement)}\r\n\r\n".encode()
              + statement + f"GET /scene.bin?token={t} HTTP/1.1\r\nHost: 127.0.0.1:{v.port}\r\nConnection: close\r\n\r\n".encode())
    got, deadline = b"", time.time() + 20
    while time.time() < deadline:
        chunk = s.recv(65536)
        if not chunk:
            break
        got += chunk
    s.close()
    first, _, rest = got.partition(b"\r\n\r\n")
    length = int(re.search(rb"Content-Length: (\d+)", first).group(1)) if b"Content-Length" in first else 0
    second = rest[length:]
    piped, whole = decode_scene(body(second)) if status(second) == 200 else ({}, False)
    check(status(got) == 200 and status(second) == 200 and whole and piped["elements"][-1]["p"][-2:] == [150, 100],
          "two requests sent together on one connection are both answered, in order")
    post(v, "undo")


# ---- The page in Chromium ----

def browser():
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service
    options = Options()
    options.binary_location = "/usr/bin/chromium"
    for a in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1100,760", "--disable-dev-shm-usage"]:
        options.add_argument(a)
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def wait(driver, script, what, timeout=60):
    deadline = time.time() + timeout
    while time.time() < deadline:
        value = driver.execute_script(script)
        if value:
            return value
        time.sleep(0.05)
    check(False, "timed out waiting for " + what)
    return None


def settle(driver):
    """Waits until the page has no statement in flight or waiting and its scene count has held
    still for a tenth of a second (no verdict rests on how long that takes)."""
    wait(driver, "return !window.workbench.inFlight && window.workbench.pending === null", "the page's statements to finish")
    last, still = -1, 0
    while still < 3:
        n = driver.execute_script("return window.workbench.painted")
        still = still + 1 if n == last else 0
        last = n
        time.sleep(0.05)


from pointer import pointer_drag, screen  # noqa: E402 (beside this file)


def transcript(driver):
    return driver.execute_script("return [...document.querySelectorAll('#transcript .entry')].map(e => e.innerText)")


def parse_elements(report_lines):
    """`elements` report lines -> [(kind, numbers)], angles in degrees as written."""
    out = []
    for line in report_lines:
        m = re.match(r"\s*\d+: (\w+)([^#]*)", line)
        if m:
            out.append((m.group(1), [float(x.replace("deg", "")) for x in m.group(2).split()]))
    return out


def parse_d(d):
    tokens = re.findall(r"[MLQCAZ]|-?[\d.]+(?:e[-+]?\d+)?", d)
    out, i = [], 0
    arity = {"M": 2, "L": 2, "Q": 4, "C": 6, "A": 7, "Z": 0}
    while i < len(tokens):
        c = tokens[i]
        n = arity[c]
        out.append((c, [float(x) for x in tokens[i + 1:i + 1 + n]]))
        i += 1 + n
    return out


def near(a, b, tol=1e-9):
    return abs(a - b) <= tol * max(1, abs(a), abs(b))


def page_tests():
    script = ("move 0 0\nline 100 0\nquad 150 0 150 50\ncurve 150 100 50 100 50 150\narc 50 200 50 270deg 450deg\n"
              "dash 10 10\nhandle 2\n")
    v = View(script)
    d = browser()
    try:
        d.get(v.address)
        wait(d, "return window.workbench.painted > 0", "the first scene")
        check(d.find_element("id", "status").text == "live", "the page says it is live")
        # The file's own run is the transcript's start: each statement with its report.
        ran = transcript(d)
        check(len(ran) >= 7 and ran[0].startswith("move 0 0\n") and "move: to (0, 0)" in ran[0]
              and any(e.startswith("handle 2\n") for e in ran), f"the page's transcript shows the file's run ({ran[:3]})")
        shown = d.execute_script("const s = Object.assign({}, window.workbench.scene); delete s.d; delete s.version; delete s.end; return s")
        check(shown == scene(v), "the page's scene (read from the binary by the page) is the one read here")
        # The drawn path against the session's own `elements`.
        r = json.loads(body(post(v, "elements")))
        elements = parse_elements(r["reports"][0].splitlines()[1:])
        drawn = parse_d(d.find_element("id", "path").get_attribute("d"))
        check([k for k, _ in elements] == ["move", "line", "quad", "curve", "arc"], "elements lists what the script drew")
        ok = len(drawn) >= 5 and drawn[0][0] == "M" and drawn[1][0] == "L" and drawn[2][0] == "Q" and drawn[3][0] == "C"
        ok = ok and all(near(a, b) for a, b in zip(drawn[0][1], elements[0][1])) and all(near(a, b) for a, b in zip(drawn[1][1], elements[1][1]))
        ok = ok and all(near(a, b) for a, b in zip(drawn[2][1], elements[2][1])) and all(near(a, b) for a, b in zip(drawn[3][1], elements[3][1]))
        # The arc: a half turn from 270° to 450° about (50, 200), radius 50, drawn as SVG arcs
        # ending where the angles say.
        cx, cy, rad, a0, a1 = elements[4][1]
        arcs = [c for c in drawn[4:] if c[0] == "A"]
        end = arcs[-1][1][5:] if arcs else [0, 0]
        ok = ok and arcs and all(near(c[1][0], rad) and near(c[1][1], rad) for c in arcs)
        ok = ok and near(end[0], cx + rad * math.cos(math.radians(a1)), 1e-9) and near(end[1], cy + rad * math.sin(math.radians(a1)), 1e-9)
        check(bool(ok), "the drawn path's geometry is the session's elements (arcs as arcs)")
        # Past 2,000 elements the path is drawn one device pixel wide (a hairline: see draw).
        width = "return [window.workbench.scene.elements.length, document.getElementById('path').getAttribute('stroke-width')]"
        few = d.execute_script(width)
        post(v, "repeat 2000 {\n  line pen.x + 1 pen.y\n}")
        wait(d, "return window.workbench.scene.elements.length > 2000", "the long path")
        many = d.execute_script(width)
        # A long path's elements are encoded on another thread (Workbench.publish): the same scene.
        long_binary = scene(v)["elements"]
        steps = long_binary[5:]
        check(len(long_binary) == 2005 and all(e["k"] == "line" and e["p"][2] == e["p"][0] + 1 and e["p"][3] == e["p"][1] for e in steps)
              and all(a["p"][2:] == b["p"][:2] for a, b in zip(steps, steps[1:])),
              "the binary scene of a path of 2,005 elements holds its 2,000 lines, each a unit to the right of the last")
        post(v, "undo")
        wait(d, "return window.workbench.scene.elements.length === 5", "the path back")
        dpr = d.execute_script("return window.devicePixelRatio")
        check(few == [5, "2"] and many[0] == 2005 and float(many[1]) == 1 / dpr and d.execute_script(width) == few,
              f"a path of 2,005 elements is drawn as a hairline, of 5 two pixels wide ({few}, {many})")

        # A real pointer drag of the handle: one move, so one `drag to` from the handle's index.
        s = d.execute_script("return window.workbench.scene")
        track = [(s["track"][k], s["track"][k + 1]) for k in range(0, len(s["track"]), 2)]
        start_index = s["handle"]["index"]
        hx, hy = s["handle"]["point"]
        target_px = screen(d, 100, 140)
        start_px = screen(d, hx, hy)
        pointer_drag(d, start_px, target_px)
        wait(d, "return [...document.querySelectorAll('#transcript .statement')].some(e => e.textContent.startsWith('drag to'))", "a drag statement")
        settle(d)
        entries = [e for e in transcript(d) if e.startswith("page> drag to") or "drag to" in e.split("\n")[0]]
        last = entries[-1] if entries else ""
        m = re.search(r"drag to (\S+) (\S+)", last)
        reported = re.search(r"handle (\d+) at", last)
        if m and reported:
            tx, ty = float(m.group(1)), float(m.group(2))
            n, i = len(track), start_index

            def dist(k):
                q = track[k % n]
                return math.hypot(tx - q[0], ty - q[1])
            # The seed-000 rule: stay unless a neighbour is nearer; then step while it shrinks.
            e0, c0, l0 = dist(i - 1), dist(i), dist(i + 1)
            if not (c0 <= e0 and c0 <= l0):
                step = -1 if e0 < l0 else 1
                best, off = min(e0, l0), step
                while abs(off) < n:
                    nxt = dist(i + off + step)
                    if not nxt < best:
                        break
                    best, off = nxt, off + step
                i = (i + off) % n
            check(int(reported.group(1)) == i, f"a pointer drag of the handle ran 'drag to' and the handle went to {i} as the seed-000 rule says")
            check(abs(tx - 100) < 1 and abs(ty - 140) < 1, "the drag's target is where the pointer was let go")
        else:
            check(False, "a pointer drag of the handle ran 'drag to': " + repr(last))

        # A live construction (SPEC §14): casteljau on the quad (P0 (100, 0), P1 (150, 0), P2
        # (150, 50)), then a real pointer drag of 30 frames of its control point. The figure
        # follows: its point at t = 0.5 is (P0 + 2 P1 + P2) / 4 of the moved quad. The drag is one
        # statement in the transcript and one undo step: one undo restores the path and the
        # figure. A statement typed at the prompt moves the point too, and the figure follows it.
        line = d.find_element("id", "line")
        line.send_keys("casteljau 2 0.5\n")
        wait(d, "return (window.workbench.scene.figures || []).some(f => f.layer === 'casteljau')", "the quad's construction")
        settle(d)

        def construction_point():
            return d.execute_script("""const f = window.workbench.scene.figures.find(f => f.layer === 'casteljau');
                const points = f ? f.marks.filter(m => m.k === 'point') : []; return points.length ? points[points.length - 1].p : null;""")
        check(construction_point() == [137.5, 12.5], f"the construction's point is the quad's at 0.5 ({construction_point()})")
        before = d.execute_script("return window.workbench.scene.d")  # the path data the page made
        c = screen(d, 150, 0)
        pointer_drag(d, c, screen(d, 170, -20), steps=30, pause=0.01)
        wait(d, "return window.workbench.scene.elements[2].p[2] != 150", "the control point to move")
        settle(d)
        q = d.execute_script("return window.workbench.scene.elements[2].p")
        check(abs(q[2] - 170) < 0.5 and abs(q[3] + 20) < 0.5 and q[0:2] == [100, 0] and q[4:6] == [150, 50],
              f"dragging the quad's control point moved only it ({q})")
        expected = [(100 + 2 * q[2] + 150) / 4, (0 + 2 * q[3] + 50) / 4]
        got = construction_point()
        check(got is not None and all(near(a, b, 1e-12) for a, b in zip(got, expected)), f"the construction followed the drag ({got}, {expected})")
        setpoints = [e for e in transcript(d) if e.startswith("setpoint 2 0")]
        check(len(setpoints) == 1, f"the 30-frame drag is one statement in the transcript ({len(setpoints)})")
        d.find_element("id", "undo").click()
        settle(d)
        check(d.execute_script("return window.workbench.scene.d") == before, "one undo after the 30-frame drag restores the path")
        check(construction_point() == [137.5, 12.5], f"and the construction ({construction_point()})")
        v.type("setpoint 2 0 160 10")
        wait(d, "return window.workbench.scene.elements[2].p[2] === 160", "the statement typed at the prompt")
        settle(d)
        check(construction_point() == [142.5, 17.5], f"the construction follows a statement typed at the prompt ({construction_point()})")
        v.type("undo")
        wait(d, f"return window.workbench.scene.d === {json.dumps(before)}", "the prompt's undo")

        # The t slider reruns casteljau at the slider's t; the levels are de Casteljau's.
        line.send_keys("casteljau 3 0.25\n")
        # (The slider was shown for the quad's construction already: wait until it is this query's,
        # or a loaded machine moves it before the new query's answer and reruns the old one.)
        wait(d, "return document.getElementById('slider').className === 'shown' && window.workbench.lastT && window.workbench.lastT.i === 3", "the t slider")
        d.execute_script("const t = document.getElementById('t'); t.value = 0.75; t.dispatchEvent(new Event('input'));")
        wait(d, "return [...document.querySelectorAll('#transcript .statement')].some(e => e.textContent.startsWith('casteljau 3 0.75'))", "casteljau at 0.75")
        settle(d)
        # The casteljau figure's polylines: the control polygon, then each level of two or more
        # points, then the point on the curve (the last point mark).
        levels = d.execute_script("""const f = window.workbench.scene.figures.find(f => f.layer === 'casteljau');
            if (!f) return null;
            const lines = f.marks.filter(m => m.k === 'polyline').map(m => m.p);
            const points = f.marks.filter(m => m.k === 'point');
            return lines.concat([points[points.length - 1].p]);""")
        pts = [(150, 50), (150, 100), (50, 100), (50, 150)]
        expected = [pts]
        while len(expected[-1]) > 1:
            prev = expected[-1]
            expected.append([(a[0] + 0.75 * (b[0] - a[0]), a[1] + 0.75 * (b[1] - a[1])) for a, b in zip(prev, prev[1:])])
        flat = [[c for p in lvl for c in p] for lvl in expected]
        check(levels is not None and len(levels) == 4 and all(all(near(a, b, 1e-12) for a, b in zip(x, y)) for x, y in zip(levels, flat)),
              "the slider's casteljau levels are de Casteljau's at t = 0.75")

        # A chart under the path (bernstein's basis functions): its texts drawn, and fit shows it whole.
        line.send_keys("bernstein 3 0.5\n")
        wait(d, "return [...document.querySelectorAll('#figure text')].some(e => e.textContent === 'b0')", "the basis chart's names")
        d.find_element("id", "fit").click()
        settle(d)
        chart = d.execute_script("return window.workbench.scene.figures.find(f => f.layer === 'figure').charts[0]")
        view = d.execute_script("return window.workbench.view")
        check(chart is not None and view['x'] <= chart[0] and view['y'] <= chart[1] and view['x'] + view['w'] >= chart[2]
              and view['y'] + view['h'] >= chart[3], "fit shows the chart whole")
        # ... and above the legend, which does not cover it or the path.
        shown = d.execute_script("""const s = window.workbench.scene, v = window.workbench.view;
            const svg = document.getElementById('view'), r = svg.getBoundingClientRect(), u = v.w / svg.clientWidth;
            const b = s.bounds.slice();
            for (const c of s.figures.flatMap(f => f.charts)) { b[0] = Math.min(b[0], c[0]); b[1] = Math.min(b[1], c[1]); b[2] = Math.max(b[2], c[2]); b[3] = Math.max(b[3], c[3]); }
            const l = document.getElementById('legend').getBoundingClientRect();
            return {bottom: (b[3] - v.y) / u, legendTop: l.top - r.top, legendHeight: l.height};""")
        check(shown['legendHeight'] > 0 and shown['bottom'] <= shown['legendTop'],
              f"fit puts the drawing above the legend ({shown})")
        # The points' labels (b1 and b2 are both 0.375 at t = 0.5, b0 and b3 both 0.125) meet no
        # other text of the figure, as drawn (their boxes as the browser measures them).
        clashes = d.execute_script("""const all = [...document.querySelectorAll('#figure text')];
            const box = e => { const b = e.getBBox(); return [b.x, b.y, b.x + b.width, b.y + b.height, e.textContent]; };
            const labels = all.filter(e => e.classList.contains('label')), out = [];
            for (const l of labels) for (const o of all) {
              if (o === l) continue;
              const a = box(l), b = box(o);
              if (a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3]) out.push(a[4] + ' / ' + b[4]);
            }
            return [labels.length, out];""")
        check(clashes[0] >= 4 and not clashes[1], f"the figure's labels do not overlap ({clashes})")

        # The transform tool: a drag translates by the drag, the wheel scales, a double click resets.
        bounds0 = d.execute_script("return window.workbench.scene.bounds")
        d.find_element("id", "transform").click()
        rect = d.execute_script("return document.getElementById('view').getBoundingClientRect()")
        u = d.execute_script("return window.workbench.view.w / document.getElementById('view').clientWidth")
        a = (rect["left"] + 300, rect["top"] + 300)
        pointer_drag(d, a, (a[0] + 40, a[1] + 20))
        wait(d, "return [...document.querySelectorAll('#transcript .statement')].some(e => e.textContent.startsWith('translate'))", "translate")
        settle(d)
        moved = d.execute_script("return window.workbench.scene.bounds")
        shift = [40 * u, 20 * u, 40 * u, 20 * u]
        check(all(abs(m_ - b_ - dd) < 0.01 * u * 40 for m_, b_, dd in zip(moved, bounds0, shift)),
              f"a drag with the transform tool translates by the drag ({moved} from {bounds0})")
        d.execute_script("""const s = document.getElementById('view'); const r = s.getBoundingClientRect();
            s.dispatchEvent(new WheelEvent('wheel', {deltaY: -100, clientX: r.left + 200, clientY: r.top + 200, bubbles: true, cancelable: true}));""")
        wait(d, "return [...document.querySelectorAll('#transcript .statement')].some(e => e.textContent.startsWith('scale 1.05'))", "scale")
        settle(d)
        scaled = d.execute_script("return window.workbench.scene.bounds")
        w0, w1 = moved[2] - moved[0], scaled[2] - scaled[0]
        check(abs(w1 / w0 - 1.05) < 1e-9, f"the wheel scales by 1.05 ({w1 / w0})")
        # Seed 003: the scale was about the pivot, the bounds' centre moved by every translate.
        c0 = ((moved[0] + moved[2]) / 2, (moved[1] + moved[3]) / 2)
        c1 = ((scaled[0] + scaled[2]) / 2, (scaled[1] + scaled[3]) / 2)
        check(abs(c0[0] - c1[0]) < 1e-9 * w0 and abs(c0[1] - c1[1]) < 1e-9 * w0, "the scale turns about the seed-003 pivot (the moved centre)")
        from selenium.webdriver.common.action_chains import ActionChains
        ActionChains(d).double_click(d.find_element("id", "view")).perform()
        wait(d, "return [...document.querySelectorAll('#transcript .statement')].some(e => e.textContent === 'reset')", "reset")
        settle(d)
        check(d.execute_script("return window.workbench.scene.bounds") == bounds0, "a double click resets exactly")
        d.find_element("id", "transform").click()

        # A statement typed on the session's input appears in the page.
        v.type("line 0 0")
        wait(d, "return [...document.querySelectorAll('#transcript .statement')].some(e => e.dataset.origin === 'prompt' && e.textContent === 'line 0 0')",
             "the typed statement in the transcript")
        # The transcript's entry is announced before the scene is made (the page fetches it as
        # it comes): the line reaches the scene a moment after the statement shows.
        check(wait(d, "return window.workbench.scene.elements.slice(-1)[0].k === 'line'", "the typed line in the scene"),
              "and its line in the scene")

        # The PNG export: a PNG twice the view's size, dark where the path is. Its header and
        # compressed data are read here; its pixels are read back by decoding the exported file
        # in the page (a canvas), at the places the geometry gives.
        png = base64.b64decode(d.execute_async_script("""const done = arguments[0];
            window.workbench.exportPNG().then(b => { const r = new FileReader(); r.onload = () => done(r.result.split(',')[1]); r.readAsDataURL(b); });"""))
        check(png[:8] == b"\x89PNG\r\n\x1a\n", "the PNG export is a PNG")
        width, height, whole = png_header(png)
        cw, ch = d.execute_script("const s = document.getElementById('view'); return [s.clientWidth, s.clientHeight]")
        check((width, height) == (2 * cw, 2 * ch) and whole, f"of twice the view's size, its data whole ({width}x{height} for {cw}x{ch})")
        r = d.execute_script("return document.getElementById('view').getBoundingClientRect()")
        spots = []
        for x, y in [(50, 0), (100, 60)]:
            px, py = screen(d, x, y)
            spots.append([int(round((px - r["left"]) * 2)), int(round((py - r["top"]) * 2))])
        # The darkest of the 5 by 5 pixels about each spot, as the sum of red, green and blue.
        inks = d.execute_async_script("""const [data, spots, done] = arguments;
            const image = new Image(); image.src = 'data:image/png;base64,' + data;
            image.decode().then(() => {
              const c = document.createElement('canvas'); c.width = image.width; c.height = image.height;
              const g = c.getContext('2d'); g.drawImage(image, 0, 0);
              done(spots.map(([X, Y]) => { const p = g.getImageData(X - 2, Y - 2, 5, 5).data; let m = 765;
                for (let k = 0; k < p.length; k += 4) m = Math.min(m, p[k] + p[k + 1] + p[k + 2]); return m; }));
            });""", base64.b64encode(png).decode(), spots)
        # Ink (the path under its track points, #0072b2: 292) against white (765).
        check(inks[0] < 400, "its pixels are inked on the path (the line's middle)")
        check(inks[1] > 700, "and white away from it")
        # SVG export: the document save writes.
        svgtext = d.execute_async_script("const done = arguments[0]; window.workbench.exportSVG().then(done);")
        check(svgtext.startswith("<?xml") and 'id="path"' in svgtext and 'id="controls"' in svgtext, "the SVG export is save's document with the layers shown")
        # The view never loses the drawing: after `clear`, a lone `move` is framed at a sensible
        # size (not a 1e-9 box), and the curve drawn after it is framed again by itself, its
        # control points too (the view was fit's, not the hand's).
        line.send_keys("clear\n")
        line.send_keys("move 100 300\n")
        wait(d, "return window.workbench.scene.elements.length === 1", "the lone move")
        settle(d)
        width = d.execute_script("return window.workbench.view.w")
        check(width > 10, f"a lone point is framed at a sensible size ({width} units wide)")
        line.send_keys("curve 150 100 350 100 400 300\n")
        wait(d, "return window.workbench.scene.elements.length === 2", "the curve after it")
        settle(d)
        outside = d.execute_script("""const v = window.workbench.view;
            return [[150, 100], [350, 100], [100, 300], [400, 300]].filter(([x, y]) => !(x >= v.x && x <= v.x + v.w && y >= v.y && y <= v.y + v.h));""")
        check(not outside, f"the curve drawn after a lone move is framed by itself ({outside} outside the view)")
        # fit shows every point a hand can take, a curve's control points outside its bounds too,
        # with a teaching chart under the path.
        line.send_keys("bernstein 1 0.3\n")
        wait(d, "return [...document.querySelectorAll('#transcript .statement')].some(e => e.textContent === 'bernstein 1 0.3')", "bernstein 1 0.3")
        settle(d)
        d.find_element("id", "fit").click()
        settle(d)
        outside = d.execute_script("""const v = window.workbench.view;
            return [[150, 100], [350, 100], [100, 300], [400, 300]].filter(([x, y]) => !(x >= v.x && x <= v.x + v.w && y >= v.y && y <= v.y + v.h));""")
        check(not outside, f"fit shows the curve's control points ({outside} outside the view)")
        d.save_screenshot(os.environ.get("WORKBENCH_SCREENSHOT", os.path.join(v.dir, "workbench.png")))
    finally:
        d.quit()
        v.close()


def png_header(data):
    """Width and height from the IHDR chunk, and whether the compressed data inflates to
    exactly the rows the header says (8-bit RGBA or RGB: a filter byte and the pixels a row)."""
    pos, header, idat = 8, None, b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        chunk = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = chunk
        elif kind == b"IDAT":
            idat += chunk
        pos += 12 + length
    w, h, depth, colour = struct.unpack(">IIBB", header[:10])
    channels = {6: 4, 2: 3}.get(colour, 0)
    return w, h, depth == 8 and len(zlib.decompress(idat)) == h * (1 + w * channels)


def tmux_test():
    """The REPL under tmux: `shape view` on a terminal, a statement typed there reaches the page."""
    name = f"wb{os.getpid()}"
    folder = tempfile.mkdtemp()
    with open(os.path.join(folder, "s.shape"), "w") as f:
        f.write("move 0 0\nline 10 10\n")
    env = dict(os.environ, TERM="xterm", HOME=folder, XDG_STATE_HOME=folder)
    # A tmux server of its own (-L): the Swift suites drive tmux in parallel, and a shared server
    # leaves when its last session is killed.
    tmux = ["tmux", "-L", name, "-f", "/dev/null"]
    subprocess.run(tmux + ["new-session", "-d", "-s", name, "-x", "160", "-y", "40", f"cd {folder} && {SHAPE} view s.shape"], env=env, check=True)
    try:
        address = None
        for _ in range(600):
            out = subprocess.run(tmux + ["capture-pane", "-p", "-J", "-t", name], capture_output=True, text=True).stdout
            m = re.search(r"view: (http://127\.0\.0\.1:(\d+)/\?token=[0-9a-f]{32})", out)
            if m and "shape>" in out:
                address = m.group(1)
                break
            time.sleep(0.1)
        check(address is not None, "shape view on a terminal prints its address and the prompt")
        if not address:
            return
        d = browser()
        try:
            d.get(address)
            wait(d, "return window.workbench.painted > 0", "the first scene")
            subprocess.run(tmux + ["send-keys", "-t", name, "line 30 0", "Enter"], check=True)
            ok = wait(d, "return [...document.querySelectorAll('#transcript .statement')].some(e => e.dataset.origin === 'prompt' && e.textContent === 'line 30 0')",
                      "the statement typed at the prompt")
            check(bool(ok), "a statement typed at the REPL (tmux) appears in the page's transcript")
            check(d.execute_script("return window.workbench.scene.elements.length") == 3, "and its element in the page's scene")
            # A statement from the page is echoed at the prompt, and the line being typed survives.
            subprocess.run(tmux + ["send-keys", "-t", name, "-l", "line 5"], check=True)
            time.sleep(0.2)
            d.find_element("id", "line").send_keys("move 7 7\n")
            wait(d, "return window.workbench.scene.elements.length === 4", "the page's statement")
            settle(d)
            pane = subprocess.run(tmux + ["capture-pane", "-p", "-J", "-t", name], capture_output=True, text=True).stdout
            check("page> move 7 7" in pane and "move: to (7, 7)" in pane, "the page's statement is echoed at the prompt with its report")
            check(pane.rstrip().splitlines()[-1].endswith("shape> line 5"), "the line being typed at the prompt is kept")
        finally:
            d.quit()
    finally:
        subprocess.run(tmux + ["kill-server"], capture_output=True)


def points(s):
    return [e["p"] for e in s["elements"]]


def watch_test():
    """`shape watch f --view`: each run's scene reaches the page; the page's statements run in
    the last run's session; an error is an entry of its own."""
    folder = tempfile.mkdtemp()
    f = os.path.join(folder, "f.shape")
    with open(f, "w") as out:
        out.write("move 0 0\nline 10 0\n")
    proc = subprocess.Popen([SHAPE, "watch", "f.shape", "--view"], cwd=folder, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        address = None
        deadline = time.time() + 60
        while time.time() < deadline and not address:
            m = re.search(rb"view: http://127\.0\.0\.1:(\d+)/\?token=([0-9a-f]{32})", proc.stdout.readline())
            if m:
                address = (int(m.group(1)), m.group(2).decode())
        check(address is not None, "shape watch --view prints the workbench's address")
        if not address:
            return
        v = type("V", (), {"port": address[0], "token": address[1]})()
        check(points(scene(v)) == [[0, 0], [0, 0, 10, 0]], "the first run's path is the scene")
        with open(f, "w") as out:
            out.write("move 0 0\nline 20 0\nline 20 20\n")
        deadline = time.time() + 60
        want = [[0, 0], [0, 0, 20, 0], [20, 0, 20, 20]]
        while time.time() < deadline and points(scene(v)) != want:
            time.sleep(0.05)
        check(points(scene(v)) == want, "a change to the file reruns it, and the page's scene follows")
        r = json.loads(body(post(v, "line 0 0")))
        check(r["ok"] and r["reports"] == ["line: to (0, 0), segment 28.2843, length 68.2843"], "a page's statement runs in the last run's session")
    finally:
        proc.send_signal(2)
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            proc.kill()


import contextlib


@contextlib.contextmanager
def page_of(script, extra=()):
    """A session of `script` (`shape view` with its flags `extra`) and its page in the browser,
    opened and drawn; both closed after."""
    v = View(script, extra=extra)
    d = browser()
    try:
        d.get(v.address)
        wait(d, "return window.workbench.painted > 0", "the first scene")
        settle(d)
        yield v, d
    finally:
        d.quit()
        v.close()


def document_test():
    """`shape view --edit file.shape` (SPEC §14): the file's numbers have sliders; a real pointer
    drag of a control point rewrites the file's numbers (nothing appended) and the construction
    follows; a slider rewrites its let, and the session is the file run again with the statement
    typed since; the page's undo takes back the slider's whole pass, in the file too."""
    script = "let w = 200 # slider 100...300\nmove 0 0\ncurve 30 120 170 120 w 0\ncasteljau 1 0.5\n"
    with page_of(script, extra=["--edit"]) as (v, d):
        path = os.path.join(v.dir, "start.shape")
        wait(d, "return document.querySelectorAll('#numbers input').length === 2", "the document's sliders")
        settle(d)
        names = d.execute_script("return [...document.querySelectorAll('#numbers label span')].map(e => e.textContent)")
        check(names == ["w", "casteljau t"], f"the file's let and its query's t have sliders ({names})")
        check(d.execute_script("return document.getElementById('slider').className") == "",
              "the file's query has no second t slider beside its own (the session says which script made it)")
        end = screen(d, 150, 40)
        pointer_drag(d, screen(d, 170, 120), end, steps=20, pause=0.01)
        wait(d, "return window.workbench.scene.elements[1].p[4] !== 170", "the drag's rewrite")
        settle(d)
        lines = open(path).read().splitlines()
        words = lines[2].split() if len(lines) > 2 else []
        ok = len(lines) == 4 and lines[0] == "let w = 200 # slider 100...300" and words[:3] == ["curve", "30", "120"] and words[5:] == ["w", "0"]
        check(ok and lines[3] == "casteljau 1 0.5", f"the drag rewrote the file's curve in place ({lines})")
        p = d.execute_script("return window.workbench.scene.elements[1].p")
        x, y = (float(w) for w in words[3:5]) if ok else (0, 0)
        check(p == [0, 0, 30, 120, x, y, 200, 0] and abs(x - 150) < 1 and abs(y - 40) < 1, f"the session is the file's run ({p})")
        f = d.execute_script("return window.workbench.scene.figures.find(f => f.layer === 'casteljau').marks.filter(m => m.k === 'point').map(m => m.p)")
        bx, by = (90 + 3 * x + 200) / 8, (360 + 3 * y) / 8
        check(any(abs(q[0] - bx) < 1e-9 and abs(q[1] - by) < 1e-9 for q in f), f"the construction follows ({bx}, {by})")
        drags = [e for e in transcript(d) if e.startswith("curve 30 120") and "ran again" in e]
        check(len(drags) == 1, f"the drag is one entry in the transcript ({transcript(d)})")
        v.type("line 250 50")
        wait(d, "return window.workbench.scene.elements.length === 3", "the typed line")
        r = d.execute_script("const b = document.querySelector('#numbers input').getBoundingClientRect(); return [b.left, b.top, b.width, b.height]")
        pointer_drag(d, (r[0] + r[2] * 0.5, r[1] + r[3] / 2), (r[0] + r[2] * 0.1, r[1] + r[3] / 2), steps=10, pause=0.01)
        wait(d, "return window.workbench.scene.elements[1].p[6] !== 200", "the slider's rerun")
        settle(d)
        first = open(path).read().splitlines()[0]
        w = float(first.split()[3]) if first.startswith("let w = ") else None
        e = d.execute_script("return window.workbench.scene.elements")
        check(w is not None and w < 180 and first.endswith(" # slider 100...300"), f"the slider rewrote the file's let ({first})")
        check(len(e) == 3 and e[1]["p"][6:8] == [w, 0] and e[2]["k"] == "line" and e[2]["p"][2:4] == [250, 50],
              f"the session is the file run again with the new w, then the line typed since ({e})")
        # The picture is a native run of the rewritten file (and the typed line): the same elements.
        native = subprocess.run([SHAPE, "--precision", "17", "-e", open(path).read() + "\nline 250 50\nelements\n"],
                                capture_output=True, text=True, timeout=60, cwd=v.dir).stdout.splitlines()
        listed = parse_elements(native[native.index(next(l for l in native if l.startswith("elements:"))) + 1:])
        check([k for k, _ in listed] == [x["k"] for x in e] and [x["p"] if x["k"] == "move" else x["p"][2:] for x in e] == [n for _, n in listed],
              f"the picture equals a native run of the rewritten file ({listed})")
        d.find_element("id", "undo").click()
        wait(d, "return window.workbench.scene.elements[1].p[6] === 200", "the page's undo")
        check(open(path).read().splitlines()[0] == "let w = 200 # slider 100...300", "one undo takes the slider's whole pass back, in the file too")
        # The file changed on disk meanwhile (an editor saved it): the page's next change is not
        # written over it; the file as it is now runs, and the transcript says why.
        edited = open(path).read().replace("let w = 200", "let w = 150")
        with open(path, "w") as f:
            f.write(edited)
        d.execute_script("const i = document.querySelector('#numbers input'); i.value = 290; i.dispatchEvent(new Event('input'));")
        wait(d, "return [...document.querySelectorAll('#transcript .error')].some(e => e.textContent.includes('changed on disk'))", "the conflict said")
        check(open(path).read() == edited, "a file changed on disk is not written over")
        check(wait(d, "return window.workbench.scene.elements[1].p[6] === 150", "the file as it is now"), "the file as it is now is the session")
    # Without --edit the sliders run the file with the new number, as -D does, and leave the file
    # as it is; a drag cannot edit it (the page appends setpoint); --edit needs one file.
    v = View("let r = 10\nmove 0 0\nline r 0\n")
    try:
        path = os.path.join(v.dir, "start.shape")
        h = {"Content-Type": "application/json"}
        answer = request(v, "POST", f"/document?token={v.token}", h, json.dumps({"op": "number", "index": 0, "value": 42.5}).encode())
        check(status(answer) == 200 and scene(v)["elements"][1]["p"][2:4] == [42.5, 0], "a slider without --edit runs the file with the new number")
        check(open(path).read() == "let r = 10\nmove 0 0\nline r 0\n", "and leaves the file as it is")
        plan = request(v, "POST", f"/document?token={v.token}", h, json.dumps({"op": "dragStart", "i": 1, "k": 0}).encode())
        check(b'"plan":false' in body(plan), "a drag without --edit does not edit the file")
        # Requests that are not changes are refused, and change nothing.
        for bad, why in [({"op": "number", "index": 9, "value": 1}, b"no such number"), ({"op": "number", "index": 0, "value": "1e999"}, b"no such number"),
                         ({"op": "dragTo", "x": 1, "y": 2}, b"no drag"), ({"op": "fly"}, b"unknown op")]:
            answer = request(v, "POST", f"/document?token={v.token}", h, json.dumps(bad).encode())
            check(status(answer) == 200 and b'"ok":false' in body(answer) and why in body(answer), f"{bad} is refused: {why.decode()}")
        check(scene(v)["elements"][1]["p"][2:4] == [42.5, 0] and open(path).read() == "let r = 10\nmove 0 0\nline r 0\n", "and changed nothing")
        # The page's undo takes the slider back, once: there is nothing more of the page's.
        undo = request(v, "POST", f"/document?token={v.token}", h, b'{"op": "undo"}')
        check(b'"ok":true' in body(undo) and scene(v)["elements"][1]["p"][2:4] == [10, 0], "the page's undo takes the slider back")
        again = request(v, "POST", f"/document?token={v.token}", h, b'{"op": "undo"}')
        check(b'"ok":false' in body(again) and b"nothing of the page" in body(again), "and then has nothing of the page's to undo")
        no_op = request(v, "POST", f"/document?token={v.token}", h, b'{"index": 0}')
        check(status(no_op) == 400, "a body without an op is a bad request")
    finally:
        v.close()
    both = subprocess.run([SHAPE, "view", "--edit"], capture_output=True, text=True, timeout=30)
    check(both.returncode == 2 and "--edit needs exactly one file" in both.stderr, "--edit without a file is a usage error")


def session_state_test():
    """The page's controls come from the session's state (issue 48), not the statements' text:
    a sticky badge written with expressions has its touch circle, which a real pointer pulls
    (`sticky ... x y ...`) and lets go (`... release`: the circle springs back onto the fixed
    one); a wander's duration is the one play uses; a query whose t is a variable has the t
    slider, at the variable's value."""
    with page_of("let x0 = 200\nlet y0 = 150\nlet r0 = 30\nsticky x0 y0 r0 x0 + 10 y0 + 60 r0 break 9\n") as (v, d):
        circle = d.execute_script("const c = document.getElementById('touch'); return c && [Number(c.getAttribute('cx')), Number(c.getAttribute('cy'))]")
        check(circle == [210, 210], f"a sticky badge written with expressions has its touch circle at (x0 + 10, y0 + 60) ({circle})")
        pointer_drag(d, screen(d, 210, 210), screen(d, 215, 230), steps=5, pause=0.02)
        wait(d, "return [...document.querySelectorAll('#transcript .statement')].some(e => e.textContent.endsWith(' release'))", "the pull's release")
        settle(d)
        pulled = [e.split("\n")[0] for e in transcript(d) if e.startswith("sticky 200 150 30 ")]
        circle = d.execute_script("const c = document.getElementById('touch'); return c && [Number(c.getAttribute('cx')), Number(c.getAttribute('cy'))]")
        check(bool(pulled) and pulled[-1].endswith(" 30 break 9 release") and circle == [200, 150],
              f"a pointer pulls it (sticky 200 150 30 x y 30 break 9) and letting go springs it back ({pulled[-1:]}, {circle})")
        v.type("wander 12 seed 3")
        check(wait(d, "return window.workbench.lastWander === 12", "the wander's duration") is not None, "a wander's duration is play's")
        v.type("clear")
        v.type("move 0 0")
        v.type("curve 0 100 100 100 100 0")
        v.type("let tt = 0.4")
        v.type("casteljau 1 tt")
        shown = wait(d, "return document.getElementById('slider').className === 'shown' && document.getElementById('t').value", "the t slider")
        check(shown == "0.4", f"a query whose t is a variable has the t slider at its value ({shown})")


def help_test():
    """The command line's help (issue 48): GET /words lists every name `help` knows with its one-line
    help and whole help; GET /complete answers what the REPL's Tab would, with the session's names;
    Tab at the command line completes; the help panel; the hint of what can be dragged, gone once
    a point is; and ?present shows the picture alone."""
    with page_of("let radius = 5\nmove 0 0\ncurve 30 120 170 120 200 0\n") as (v, d):
        words = json.loads(body(request(v, "GET", f"/words?token={v.token}")))
        curve = [w for w in words if w["name"] == "curve"]
        check(len(words) > 100 and curve and curve[0]["usage"] == "curve c1x c1y c2x c2y x y" and curve[0]["help"].startswith("usage: curve c1x c1y c2x c2y x y\n")
              and {"sin", "pi", "let"} <= {w["name"] for w in words}, f"GET /words: every name with its help ({len(words)}, {curve[:1]})")
        completions = [json.loads(body(request(v, "GET", f"/complete?token={v.token}&start={start}&line={urllib.parse.quote(line)}")))
                       for line, start in [("line 10 rad", 8), ("cu", 0), ("let a = sq", 8)]]
        check(completions == [["radius "], ["cubics ", "curvature ", "curve "], ["sqrt("]],
              f"GET /complete: the session's variable, the commands, a function with its parenthesis ({completions})")
        check(status(request(v, "GET", f"/complete?token={v.token}&start=5&line=ab")) == 400, "a start past the line: 400")
        hint = d.execute_script("return document.getElementById('hint').textContent")
        check("drag a point" in hint, f"the picture says what can be dragged ({hint})")
        line = d.find_element("id", "line")
        line.send_keys("line 10 rad\t")
        wait(d, "return document.getElementById('line').value === 'line 10 radius '", "Tab at the command line completes the session's variable")
        line.clear()
        d.find_element("id", "help").click()
        listed = wait(d, f"return document.querySelectorAll('#help-list details').length === {len(words)} && document.querySelectorAll('#help-list details').length",
                      "the help panel lists every name")
        check(listed == len(words), f"the help panel has an entry for each name ({listed})")
        d.find_element("id", "help-close").click()
        pointer_drag(d, screen(d, 170, 120), screen(d, 160, 100), steps=5, pause=0.02)
        wait(d, "return document.getElementById('hint').textContent === ''", "the hint gone once a point is dragged")
        d.get(v.address + "&present")
        wait(d, "return window.workbench.painted > 0", "the present page drawn")
        hidden = d.execute_script("return ['line', 'transcript', 'transform'].map(id => document.getElementById(id).offsetParent === null)")
        share = d.execute_script("const r = document.getElementById('view').getBoundingClientRect(); return r.width * r.height / (innerWidth * innerHeight)")
        check(all(hidden) and share > 0.85, f"?present: no command line, transcript or tools; the picture has {share:.0%} of the page ({hidden})")


def grab_and_export_test():
    """Issue 48, point 3: the point under the handle is taken at its dot, the handle by its ring;
    the PNG frames the whole drawing whatever view the hand left."""
    with page_of("move 100 100\nline 300 100\nline 300 200\nhandle 0\n") as (v, d):
        check(d.execute_script("return window.workbench.scene.handle && window.workbench.scene.handle.point.join(' ')") == "100 100", "the handle sits on the first anchor")
        pointer_drag(d, screen(d, 100, 100), screen(d, 120, 80), steps=4, pause=0.02)
        wait(d, "return window.workbench.scene.elements[0].p[0] !== 100", "the anchor's drag")
        settle(d)
        first = d.execute_script("return window.workbench.scene.elements[0].p")
        check(abs(first[0] - 120) < 1 and abs(first[1] - 80) < 1, f"the anchor under the handle is taken at its dot ({first})")
        hx, hy = d.execute_script("return window.workbench.scene.handle.point")
        u = d.execute_script("return window.workbench.view.w / document.getElementById('view').clientWidth")
        statements = len(transcript(d))
        pointer_drag(d, screen(d, hx + 10 * u, hy), screen(d, 300, 150), steps=4, pause=0.02)
        wait(d, f"return [...document.querySelectorAll('#transcript .statement')].some(e => e.textContent.startsWith('drag to'))", "the handle's drag")
        check(len(transcript(d)) > statements, "its ring takes the handle")
        # A view zoomed into a corner: the PNG is still the whole drawing.
        d.execute_script("Object.assign(window.workbench.view, {x: 95, y: 95, w: 10, h: 10}); window.workbench.viewByFit = false;")
        box = d.execute_async_script("""const done = arguments[arguments.length - 1];
            window.workbench.exportPNG().then(async (blob) => {
              const image = await createImageBitmap(blob), c = new OffscreenCanvas(image.width, image.height), g = c.getContext('2d');
              g.drawImage(image, 0, 0);
              const px = g.getImageData(0, 0, image.width, image.height).data;
              let x0 = image.width, x1 = 0;
              for (let y = 0; y < image.height; y += 2) for (let x = 0; x < image.width; x++) {
                const k = 4 * (y * image.width + x);
                if (px[k] < 60 && px[k + 1] < 60 && px[k + 2] < 60) { x0 = Math.min(x0, x); x1 = Math.max(x1, x); }
              }
              done([x0, x1, image.width, window.workbench.view.w]);
            });""")
        check(box[1] - box[0] > 0.5 * box[2] and box[3] == 10, f"the PNG frames the drawing, not the view the hand left, which stays ({box})")


if __name__ == "__main__":
    def guarded(test):
        # A test that stops with an exception fails (its thread's traceback alone would not).
        try:
            test()
        except Exception as e:
            check(False, f"{test.__name__} stopped: {type(e).__name__}: {e}")
            raise

    server_thread = threading.Thread(target=guarded, args=(server_tests,))
    server_thread.start()
    page_tests()
    document_test()
    session_state_test()
    help_test()
    grab_and_export_test()
    tmux_test()
    watch_test()
    server_thread.join()
    print(f"{len(failures)} failed" if failures else "all passed")
    sys.exit(1 if failures else 0)
