// The playground's session, for the workbench page (Sources/ShapeCLI/Workbench/page.html, which
// scripts/web assembles with this file and the editor pane): the interpreter built for
// WebAssembly runs in a Web Worker (shape-wasm.js holds it, so the page works from file:// and
// any static host, with nothing fetched). The editor's script is the session: each edit runs it
// again from the start; what the page runs (a gesture, the command line, undo) runs in the live
// session and is written at the end of the script, so the script stays the session's whole
// story, and a share link (the script, deflated, in the fragment) gives it back. A run that
// takes too long is stopped by ending its worker.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  const editor = $("editor");
  // How long a run may take before its worker is ended (`?limit=ms` changes it, for the tests).
  const limitMs = Number(new URLSearchParams(location.search).get("limit")) || 5000;

  // The worker's code: instantiates the module (the page compiles it and hands it over) and runs
  // jobs. shapeImports (glue.js, shared with node's runner) is inlined: a worker made from a Blob
  // can load nothing.
  const workerSource = shapeImports.toString() + `
  let exports;
  const module = {};
  const encoder = new TextEncoder(), decoder = new TextDecoder();
  function put(text) {
    const bytes = encoder.encode(text), at = exports.shape_alloc(bytes.length);
    new Uint8Array(exports.memory.buffer).set(bytes, at);
    return [at, bytes.length];
  }
  function answer(at) { return decoder.decode(new Uint8Array(exports.memory.buffer, at, exports.shape_output_length())); }
  // A run's answer: its JSON framed, then the scene in binary (copied out of the module's memory).
  function bytes(at) { return new Uint8Array(exports.memory.buffer, at, exports.shape_output_length()).slice().buffer; }
  onmessage = async (event) => {
    const job = event.data;
    if (job.module || job.deflated) {
      // The first worker inflates and compiles the module as its bytes stream in, and hands the
      // compiled module back for the workers started after it.
      const began = performance.now();
      let compiled = job.module;
      if (!compiled) {
        const stream = new Blob([job.deflated]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
        compiled = await WebAssembly.compileStreaming(new Response(stream, { headers: { "Content-Type": "application/wasm" } }));
      }
      const compiledAt = performance.now();
      const instance = await WebAssembly.instantiate(compiled, shapeImports(module, (name) => job.files[name]));
      exports = instance.exports;
      module.exports = exports; module.memory = exports.memory;
      // (How long each part took, for scripts/bench-playground.)
      postMessage({ ready: true, module: job.module ? null : compiled, compileMs: compiledAt - began, instantiateMs: performance.now() - compiledAt });
      return;
    }
    const started = performance.now();
    try {
      let text, buffer;
      if (job.kind === "script") {
        const [at, count] = put(job.script), [nameAt, nameCount] = put("playground.shape");
        buffer = bytes(exports.shape_session(at, count, nameAt, nameCount, 0));
      } else if (job.kind === "dragStart") {
        text = String(exports.shape_drag_start(job.i, job.k));
      } else if (job.kind === "dragTo") {
        buffer = bytes(exports.shape_drag_to(job.x, job.y, job.resolution));
      } else if (job.kind === "number") {
        buffer = bytes(exports.shape_set_number(job.index, job.value));
      } else if (job.kind === "words") {
        text = answer(exports.shape_words());
      } else if (job.kind === "complete") {
        const [at, count] = put(job.line);
        text = answer(exports.shape_complete(at, count, job.start));
      } else if (job.kind === "statement") {
        const [at, count] = put(job.statement);
        buffer = bytes(exports.shape_statement(at, count));
      } else {
        const [at, count] = put(job.layers.join(","));
        text = answer(exports.shape_export_svg(at, count));
      }
      postMessage({ id: job.id, text, buffer, ms: performance.now() - started }, buffer ? [buffer] : []);
    } catch (error) {
      // A trap (the page's stack is smaller than the command line's): the module is left as it
      // was mid-run, so the page starts a fresh worker.
      postMessage({ id: job.id, trap: error.message });
    }
  };
  `;

  // The module, deflated, as base64 (shape-wasm.js: a page from file:// loads scripts but can
  // fetch nothing); the browser's own decoders read it. Compiled once, by the first worker.
  function deflatedModule() {
    const text = window.SHAPE_WASM_DEFLATED;
    if (Uint8Array.fromBase64) return Uint8Array.fromBase64(text);
    const s = atob(text), bytes = new Uint8Array(s.length);
    for (let i = 0; i < s.length; i++) bytes[i] = s.charCodeAt(i);
    return bytes;
  }
  let compiledModule = null;

  let worker, ready, on = null, nextId = 0;
  const queue = [];  // jobs waiting: {kind, ..., resolve}
  let current = null;  // the job the worker runs
  const api = (window.playground = { runs: 0, statements: 0, link: null, ready: null, timings: null });

  // Each worker starts as a small one that runs the code it is sent (editor.html starts the first
  // as the page begins to load, so its thread is up by the time the module is here).
  function startWorker() {
    worker = window.SHAPE_EARLY_WORKER || new Worker(URL.createObjectURL(new Blob([window.SHAPE_WORKER_BOOT], { type: "text/javascript" })));
    window.SHAPE_EARLY_WORKER = null;
    worker.postMessage({ code: workerSource });
    ready = new Promise((resolve) => {
      worker.onmessage = (event) => {
        if (event.data.ready) {
          if (event.data.module) { compiledModule = event.data.module; api.timings = { compile: event.data.compileMs, instantiate: event.data.instantiateMs }; }
          resolve();
          return;
        }
        finished(event.data);
      };
    });
    if (compiledModule) worker.postMessage({ module: compiledModule, files: window.SHAPE_FILES });
    else whenModuleLoaded(() => { const deflated = deflatedModule(); worker.postMessage({ deflated, files: window.SHAPE_FILES }, [deflated.buffer]); });
  }
  // The module's script (shape-wasm.js) is loaded once the page has drawn (`start`): parsed
  // before, it held the first drawing back by 50 ms and more. It says when it is here.
  const moduleWaiters = [];
  let moduleRequested = false;
  function whenModuleLoaded(f) { if (window.SHAPE_WASM_DEFLATED) f(); else moduleWaiters.push(f); }
  window.shapeWasmArrived = () => { performance.mark("module-arrived"); for (const f of moduleWaiters.splice(0)) f(); };
  function loadModule() {
    if (moduleRequested || window.SHAPE_WASM_DEFLATED) return;
    moduleRequested = true;
    performance.mark("module-requested");
    const script = document.createElement("script");
    script.src = "shape-wasm.js";
    document.head.append(script);
  }
  // Started as the page loads: its thread is up by the time the module is here.
  startWorker();

  function status(text, lost) { if (on) on.status(text, lost); }
  function errorEntry(text) { return { origin: "page", statement: "", reports: [], error: text }; }

  async function next() {
    if (current || queue.length === 0) return;
    current = queue.shift();
    await ready;
    current.id = ++nextId;
    const job = current;
    job.timer = setTimeout(() => stopped(job), limitMs);
    if (job.kind === "script") status("running…", false);
    // A script job runs the editor's text as it is then (with what the page wrote since).
    if (job.kind === "script") { takeShown(); job.script = editor.value; keep(job.script); }
    // Where the handle is before a statement (jobs run one at a time: the last scene is the
    // session as the statement finds it).
    job.handleBefore = lastScene && lastScene.handle ? lastScene.handle.index : null;
    const { kind, script, statement, layers, i, k, x, y, resolution, index, value, line, start } = job;
    worker.postMessage({ id: job.id, kind, script, statement, layers, i, k, x, y, resolution, index, value, line, start });
  }
  function enqueue(job) {
    return new Promise((resolve) => { job.resolve = resolve; queue.push(job); next(); });
  }

  // Too long: the worker is ended (the tab never freezes) and a fresh one started; the session is
  // then the script's again.
  function stopped(job) {
    if (current !== job) return;
    worker.terminate();
    current = null;
    const message = `too much work: ${job.kind === "script" ? "the script" : "the statement"} ran for more than ${limitMs / 1000} s and was stopped`;
    if (job.kind === "script") on.clear();
    on.entry(errorEntry(message));
    status("stopped", true);
    job.resolve(job.kind === "export" ? "" : job.kind === "complete" ? [] : { ok: false, reports: [], error: message });
    startWorker();
    if (job.kind !== "script" && !queue.some((j) => j.kind === "script")) queue.unshift({ kind: "script", quiet: true, resolve() {} });
    next();
  }

  function finished(result) {
    const job = current;
    if (!job || result.id !== job.id) return;
    clearTimeout(job.timer);
    current = null;
    if (result.trap !== undefined) {
      worker.terminate();
      startWorker();
      const message = "the page could not run this (" + result.trap + "): it nests deeper than a page allows";
      if (job.kind === "script") on.clear();
      on.entry(errorEntry(message));
      status("stopped: it nests too deep", true);
      job.resolve(job.kind === "export" ? "" : { ok: false, reports: [], error: message });
      if (job.kind !== "script") queue.unshift({ kind: "script", quiet: true, resolve() {} });
      next();
      return;
    }
    if (job.kind === "export" || job.kind === "dragStart") { job.resolve(result.text); next(); return; }
    if (job.kind === "words") { job.resolve(JSON.parse(result.text)); next(); return; }
    if (job.kind === "complete") { job.resolve(result.text === "" ? [] : result.text.split("\n")); next(); return; }
    const answer = decodeAnswer(result.buffer);
    // A drag's or a slider's new script follows the scene, as it is.
    if (answer.scriptFollows) answer.script = new TextDecoder().decode(new Uint8Array(result.buffer, answer.scene.end));
    if (answer.numbers) on.numbers(answer.numbers);
    if (job.kind === "dragTo" || job.kind === "number") {
      // A frame of a drag or a slider: the picture now, the script and the transcript once the
      // hand rests (a 1,000-line script written into the editor and its transcript laid out at
      // every frame took most of the frame).
      showLater(answer);
      api.runs++;
      status(`ran in ${result.ms.toFixed(0)} ms`, false);
    } else if (job.kind === "script") {
      if (api.timings && api.timings.firstRun === undefined) api.timings.firstRun = result.ms;
      showRun(job.script, answer, job.quiet);
      api.runs++;
      status(`ran in ${result.ms.toFixed(0)} ms`, false);
    } else {
      for (const e of answer.entries) on.entry(e);
      api.statements++;
      if (answer.ok) record(job.statement, job.how, job.handleBefore);
    }
    lastScene = answer.scene;
    on.scene(answer.scene);
    const reports = [].concat(...answer.entries.map((e) => e.reports));
    const failed = answer.entries.find((e) => e.error);
    job.resolve({ ok: answer.ok, reports, error: failed ? failed.error : null });
    next();
  }

  // As the workbench's server answers: the answer's JSON framed, then the scene in binary.
  function decodeAnswer(buffer) {
    const framedAnswer = framed(buffer, 0), answer = framedAnswer.json;
    answer.scene = decodeScene(buffer, framedAnswer.end);
    return answer;
  }
  // A script's run, shown: its error marked in the editor, its transcript (unless quiet).
  function showRun(script, answer, quiet) {
    api.lastEntries = answer.entries.map((e) => e.reports);
    markError(script, answer.entries);
    if (!quiet) on.clear();
    if (!quiet) for (const e of answer.entries) on.entry(e);
  }

  // The first example's run as the module answers it, made when the page was built
  // (scripts/web, first.js): shown at once when the page is about to run that very script, so
  // that the drawing is there while the module loads and compiles; the module's own run then
  // shows the same (`playground.early` is its scene, for the tests to compare).
  function showFirst(script) {
    const first = window.SHAPE_FIRST;
    if (!first || script !== first.script) return false;
    const text = atob(first.answer), bytes = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
    const answer = decodeAnswer(bytes.buffer);
    // (No version: the module's first scene, version 1, is shown over it.)
    delete answer.scene.version;
    if (answer.numbers) on.numbers(answer.numbers);
    showRun(script, answer, false);
    on.scene(answer.scene);
    api.early = { scene: answer.scene, entries: answer.entries, at: performance.now() };
    return true;
  }

  // ---- The script holds what the page ran ----

  // The last line the page wrote: its gesture, its key, the text before it and the statements
  // in it. A gesture's statements share one line; a statement that the next one with the same
  // key makes moot (a point's positions in one drag) is replaced by it, a handle's drag is
  // written as `handle i; drag to x y` (where the last move started, and the move), and the
  // script then runs again from the start, so the session is exactly the script's.
  let written = null, rerunTimer, lastScene = null;
  function rerunSoon() {
    clearTimeout(rerunTimer);
    rerunTimer = setTimeout(() => runScript(true), 250);
  }
  function record(statement, how, handleBefore) {
    flushShown();
    const text = editor.value;
    const gesture = how.gesture ?? null, key = how.key ?? null;
    const continues = written && text === written.text && gesture !== null && gesture === written.gesture;
    if (continues) {
      if (key === "handle" && written.key === "handle" && handleBefore !== null) {
        // A handle's drag: each `drag to` goes on from where the last left the handle, so the
        // drag is where the handle was before the last move, and that move (the same end).
        written.statements = [`handle ${handleBefore}`, statement];
        rerunSoon();
      } else if (key !== null && key === written.key) {
        written.statements[written.statements.length - 1] = statement;
        rerunSoon();
      } else written.statements.push(statement);
    } else {
      const before = text === "" || text.endsWith("\n") ? text : text + "\n";
      written = { before, statements: [statement], gesture };
    }
    written.key = key;
    editor.value = written.text = written.before + written.statements.join("; ") + "\n";
    editor.scrollTop = editor.scrollHeight;
  }

  // The last frame's script and transcript, shown when frames stop coming (or before anything
  // reads the editor).
  let shownLater = null, showTimer;
  function showLater(answer) {
    shownLater = answer;
    clearTimeout(showTimer);
    showTimer = setTimeout(flushShown, 120);
  }
  // A frame's answer has no transcript (the module leaves it out): the script's run makes it,
  // once, as an edit's would.
  function takeShown() {
    clearTimeout(showTimer);
    const answer = shownLater;
    shownLater = null;
    if (answer && answer.script !== undefined) {
      // (Where the caret was: a key pressed just after a drag goes where the hand put it.)
      const [from, to] = [editor.selectionStart, editor.selectionEnd];
      editor.value = answer.script;
      editor.setSelectionRange(Math.min(from, editor.value.length), Math.min(to, editor.value.length));
      written = null;
    }
    return answer !== null;
  }
  // A script put in the editor from elsewhere (a link, an example, an edit) replaces what a drag
  // left waiting.
  function dropShown() {
    clearTimeout(showTimer);
    shownLater = null;
  }
  function flushShown() {
    if (!takeShown()) return;
    if (!queue.some((job) => job.kind === "script")) queue.push({ kind: "script", quiet: false, keep: true, resolve() {} });
    next();
  }

  // ---- Undo: one gesture, one step ----

  // The script before each change the page made (a gesture, a slider pass, a statement of the
  // command line), newest last; the undo button puts the last back and runs it. An edit typed in
  // the editor forgets them (the editor's own undo takes that back), and undo then runs `undo`
  // in the live session, as before.
  const undoTexts = [];
  let undoGesture = null;
  function beforeChange(how) {
    const gesture = how && how.gesture != null ? how.gesture : null;
    if (gesture !== null && gesture === undoGesture) return;
    fromLink = false;
    flushShown();
    undoGesture = gesture;
    undoTexts.push(editor.value);
    if (undoTexts.length > 200) undoTexts.shift();
  }
  function undo() {
    flushShown();
    if (undoTexts.length === 0) return enqueue({ kind: "statement", statement: "undo", how: {} });
    editor.value = undoTexts.pop();
    undoGesture = null;
    written = null;
    return runScript(false);
  }

  // An edit's run replaces every job waiting (the script holds what they would have done); the
  // quiet run after a drag's moot statements were left out waits its turn.
  function runScript(quiet) {
    if (!quiet) for (const job of queue.splice(0)) job.resolve(job.kind === "export" ? "" : { ok: false, reports: [], error: "superseded by an edit" });
    return enqueue({ kind: "script", quiet });
  }

  window.shapeSession = {
    run(statement, how) {
      if (statement.trim() !== "undo") beforeChange(how);
      return enqueue({ kind: "statement", statement, how });
    },
    undo,
    // A drag of point k of element i: true when it rewrites the script's numbers (the page then
    // sends `dragTo`), false when the page appends `setpoint` as before.
    async planDrag(i, k) { return (await enqueue({ kind: "dragStart", i, k })) === "1"; },
    dragTo(x, y, resolution, how) { beforeChange(how); return enqueue({ kind: "dragTo", x, y, resolution }); },
    setNumber(index, value, how) { beforeChange(how); return enqueue({ kind: "number", index, value }); },
    connect(handlers) { on = handlers; start(); },
    // The interpreter's help (every name `help` knows) and completion (the REPL's Tab).
    words() { return enqueue({ kind: "words" }); },
    complete(line, start) { return enqueue({ kind: "complete", line, start }); },
    exportSVG(layers) { return enqueue({ kind: "export", layers }); },
  };

  // ---- The share link: the script deflated into the fragment (base64url) ----

  async function encode(script) {
    const stream = new Blob([script]).stream().pipeThrough(new CompressionStream("deflate-raw"));
    const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
    let s = ""; for (const b of bytes) s += String.fromCharCode(b);
    return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }
  // A link is input like any other: its script is inflated a piece at a time and refused past
  // `scriptLimit` before more is held (a 1.3 MB link that inflated to 450 MB froze the tab for
  // 85 s), and a link that is not base64 or not deflate says so.
  const scriptLimit = 2 << 20, linkLimit = 4 << 20;
  class LinkError extends Error {}
  async function decode(fragment) {
    if (fragment.length > linkLimit) throw new LinkError(`the link is longer than ${linkLimit >> 20} MiB`);
    let s;
    try { s = atob(fragment.replace(/-/g, "+").replace(/_/g, "/")); } catch { throw new LinkError("the link is not a share link (it is not base64)"); }
    const bytes = Uint8Array.from(s, (c) => c.charCodeAt(0));
    const reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw")).getReader();
    const chunks = [];
    let total = 0;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        total += value.length;
        if (total > scriptLimit) {
          reader.cancel().catch(() => {});
          throw new LinkError(`the script in the link is larger than ${scriptLimit >> 20} MiB: it is not opened`);
        }
        chunks.push(value);
      }
    } catch (error) {
      if (error instanceof LinkError) throw error;
      throw new LinkError("the link is damaged: its script does not inflate (cut short, or not a share link)");
    }
    return await new Blob(chunks).text();
  }

  // Opens the link in the address: its script in the editor, run and framed; a link that cannot
  // be opened leaves the editor empty and usable, and says why.
  async function openLink(fragment) {
    let script = "", problem = null;
    try { script = await decode(fragment); } catch (error) { problem = error.message; }
    dropShown();
    fromLink = true;
    editor.value = script;
    window.workbench.fitted = false;
    const ran = runScript(false);
    if (problem) {
      await ran;
      on.entry(errorEntry("share link: " + problem));
      status("the link could not be opened", true);
    }
    return ran;
  }
  Object.assign(api, { encode, decode, run: (script) => { dropShown(); editor.value = script; return runScript(false); } });

  // ---- The editor: numbered lines, colours, the error marked, completion and help ----

  const view = $("code-view");
  // Colours from the editor grammar (editors/vscode/syntaxes/shape.tmLanguage.json, made from the
  // command table): at each place the first rule that matches there, as a TextMate grammar's
  // top-level patterns are tried; a `begin`/`end` rule (the string) runs to its end or the line's.
  const rules = (window.SHAPE_GRAMMAR ? window.SHAPE_GRAMMAR.patterns : []).map(({ include }) => {
    const name = include.slice(1), rule = window.SHAPE_GRAMMAR.repository[name];
    const source = rule.match !== undefined ? rule.match : `${rule.begin}(?:\\\\.|[^\\\\])*?(?:${rule.end})`;
    return { name, re: new RegExp(source, "y") };
  });
  const tokenCache = new Map();
  function tokens(line) {
    let found = tokenCache.get(line);
    if (found) return found;
    found = [];
    let plain = "";
    for (let at = 0; at < line.length;) {
      let matched = null;
      for (const rule of rules) {
        rule.re.lastIndex = at;
        const m = rule.re.exec(line);
        if (m && m[0].length > 0) { matched = [rule.name, m[0]]; break; }
      }
      if (!matched) { plain += line[at++]; continue; }
      if (plain) { found.push([null, plain]); plain = ""; }
      found.push(matched);
      at += matched[1].length;
    }
    if (plain) found.push([null, plain]);
    if (tokenCache.size > 20000) tokenCache.clear();
    tokenCache.set(line, found);
    return found;
  }
  const escapeHTML = (t) => t.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  // The last script run's error: {text (the script it is in), from, to (UTF-16 offsets), line,
  // message}; marked while the editor holds that script.
  let error = null;
  // Only the lines in view (and a screen either side) are drawn in the coloured copy: a copy of
  // every line, laid out at each key, took 250 ms at 1,000 lines. Where each line starts comes
  // from how many rows it wraps to: one for a line shorter than a row of plain ASCII, measured
  // in a hidden line of the copy otherwise (each kept until the width changes).
  const measure = document.createElement("div");
  measure.className = "l measure";
  view.after(measure);
  let metrics = null;  // {width, columns, lineHeight}
  const rowsOf = new Map();
  // The width a line of the copy has (the picture's panel and the screen change it).
  function lineWidth() {
    const style = getComputedStyle(view);
    return view.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  }
  function measureMetrics(width) {
    measure.style.width = width + "px";
    measure.textContent = "0".repeat(200);
    const range = document.createRange(); range.selectNodeContents(measure);
    measure.style.whiteSpace = "pre";
    const charWidth = range.getBoundingClientRect().width / 200;
    measure.style.whiteSpace = "";
    measure.textContent = "0";
    metrics = { width, columns: Math.max(1, Math.floor(width / charWidth + 1e-6)), lineHeight: measure.getBoundingClientRect().height };
    rowsOf.clear();
  }
  function rows(line) {
    if (line.length <= metrics.columns && /^[\x20-\x7e]*$/.test(line)) return 1;
    let n = rowsOf.get(line);
    if (n === undefined) {
      measure.textContent = line;
      n = Math.max(1, Math.round(measure.getBoundingClientRect().height / metrics.lineHeight));
      if (rowsOf.size > 50000) rowsOf.clear();
      rowsOf.set(line, n);
    }
    return n;
  }
  let drawn = { from: 0, to: 0, text: null };  // the lines drawn, of which text
  function render() {
    renderQueued = false;
    // A hidden editor (another panel's tab) is drawn when it is shown (its size changes then).
    if (view.clientWidth === 0) return;
    const text = editor.value, lines = text.split("\n"), marked = error && error.text === text ? error : null;
    const width = lineWidth();
    if (!metrics || metrics.width !== width) measureMetrics(width);
    // Each line's first row and first character.
    const top = new Int32Array(lines.length + 1), start = new Int32Array(lines.length + 1);
    for (let n = 0; n < lines.length; n++) { top[n + 1] = top[n] + rows(lines[n]); start[n + 1] = start[n] + lines[n].length + 1; }
    const lh = metrics.lineHeight, screen = Math.ceil(editor.clientHeight / lh) + 1, at = Math.floor(Math.max(0, editor.scrollTop - 8) / lh);
    const lineAt = (row) => { let lo = 0, hi = lines.length; while (lo < hi) { const mid = (lo + hi) >> 1; if (top[mid + 1] <= row) lo = mid + 1; else hi = mid; } return Math.min(lo, lines.length - 1); };
    const from = lineAt(Math.max(0, at - screen)), to = lineAt(at + 2 * screen) + 1;
    let html = `<div class="gap" style="height:${top[from] * lh}px"></div>`;
    // The error's stretch (a place of no width marks the character there).
    const lo0 = marked ? marked.from : -1, hi0 = marked ? Math.max(marked.to, marked.from + 1) : -1;
    for (let n = from; n < to; n++) {
      const line = lines[n], offset = start[n], end = offset + line.length;
      html += `<div class="l${lo0 >= offset && lo0 <= end ? " bad" : ""}" data-n="${n + 1}">`;
      let x = offset;
      for (const [name, t] of tokens(line)) {
        const lo = Math.max(lo0, x), hi = Math.min(hi0, x + t.length);
        const body = hi > lo ? escapeHTML(t.slice(0, lo - x)) + `<span class="err">${escapeHTML(t.slice(lo - x, hi - x))}</span>` + escapeHTML(t.slice(hi - x)) : escapeHTML(t);
        html += name ? `<span class="t-${name}">${body}</span>` : body;
        x += t.length;
      }
      // An empty line holds its height; an error at a line's end is marked after it.
      if (lo0 === end) html += `<span class="err"> </span>`;
      else if (line.length === 0) html += " ";
      html += "</div>";
    }
    html += `<div class="gap" style="height:${(top[lines.length] - top[to]) * lh}px"></div>`;
    view.innerHTML = html;
    drawn = { from: top[from], to: top[to], text };
    view.scrollTop = editor.scrollTop;
    $("editor-error").textContent = marked ? marked.message : "";
  }
  // A scroll past what is drawn draws again.
  function scrolled() {
    view.scrollTop = editor.scrollTop;
    if (!metrics) return;
    const lh = metrics.lineHeight, first = (editor.scrollTop - 8) / lh, last = first + editor.clientHeight / lh;
    if (first < drawn.from || last > drawn.to) renderSoon();
  }
  let renderQueued = false;
  function renderSoon() { if (!renderQueued) { renderQueued = true; requestAnimationFrame(render); } }
  // Every change of the editor's text is drawn again, however it is made (typing, a drag's new
  // numbers, an example, a link, undo).
  const valueProperty = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value");
  Object.defineProperty(editor, "value", {
    get() { return valueProperty.get.call(this); },
    set(v) { valueProperty.set.call(this, v); renderSoon(); },
  });
  editor.addEventListener("input", renderSoon);
  editor.addEventListener("scroll", scrolled);
  new ResizeObserver(renderSoon).observe(editor);

  // A UTF-8 offset into `text` as a UTF-16 one (the interpreter counts bytes, the editor units).
  function unitsAt(text, byteOffset) {
    let bytes = 0, k = 0;
    while (k < text.length && bytes < byteOffset) {
      const c = text.codePointAt(k);
      bytes += c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
      k += c >= 0x10000 ? 2 : 1;
    }
    return k;
  }
  // After a run of the script: its first error with a place in it, marked (or none).
  function markError(script, entries) {
    const failed = entries.find((e) => e.error && e.at);
    error = failed ? { text: script, from: unitsAt(script, failed.at.start), to: unitsAt(script, failed.at.end), line: failed.at.line, message: failed.error.split("\n")[0] } : null;
    renderSoon();
  }
  // The error's line under it: a tap selects the place in the editor.
  $("editor-error").addEventListener("click", () => {
    if (!error || error.text !== editor.value) return;
    editor.focus();
    editor.setSelectionRange(error.from, Math.max(error.to, error.from));
  });

  // Where a place of the text is on the screen: the coloured copy is laid out as the editor is.
  function placeRect(index) {
    const text = editor.value.slice(0, index), n = (text.match(/\n/g) || []).length, column = index - (text.lastIndexOf("\n") + 1);
    if (renderQueued) render();
    const div = view.querySelector(`.l[data-n="${n + 1}"]`);
    if (!div) return editor.getBoundingClientRect();
    const walker = document.createTreeWalker(div, NodeFilter.SHOW_TEXT);
    let left = column;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (left <= node.length) {
        const range = document.createRange();
        range.setStart(node, left); range.collapse(true);
        const r = range.getClientRects()[0];
        if (r) return r;
        break;
      }
      left -= node.length;
    }
    return div.getBoundingClientRect();
  }
  // Tab completes the word before the caret (Ctrl+Space even with none), as the REPL's Tab does,
  // from the live session; a Tab with no word before it indents (four spaces, as `shape fmt`).
  editor.addEventListener("keydown", (e) => {
    const help = window.shapeHelp;
    if (help && help.completer.key(e)) return;
    const caret = editor.selectionStart, lineStart = editor.value.lastIndexOf("\n", caret - 1) + 1, line = editor.value.slice(lineStart, caret);
    const asked = (e.key === "Tab" && !e.shiftKey) || (e.key === " " && e.ctrlKey);
    if (!asked || editor.readOnly || caret !== editor.selectionEnd) return;
    e.preventDefault();
    if (help && (help.wordStart(line, line.length) < line.length || e.ctrlKey)) {
      flushShown();
      help.completeIn(line, line.length, (from, text) => {
        editor.setRangeText(text, lineStart + from, editor.selectionStart, "end");
        editor.dispatchEvent(new Event("input"));
      }, () => placeRect(editor.selectionStart));
    } else {
      editor.setRangeText("    ", caret, caret, "end");
      editor.dispatchEvent(new Event("input"));
    }
  });
  editor.addEventListener("input", () => window.shapeHelp && window.shapeHelp.completer.close());
  editor.addEventListener("blur", () => window.shapeHelp && window.shapeHelp.completer.close());

  // Hover help: a name `help` knows, under the pointer at rest, shows its help.
  const hover = $("hover-help");
  let hoverTimer = null, hoverWords = null;
  function wordAt(x, y) {
    editor.style.pointerEvents = "none";
    const range = document.caretRangeFromPoint ? document.caretRangeFromPoint(x, y) : null;
    editor.style.pointerEvents = "";
    if (!range || !view.contains(range.startContainer) || range.startContainer.nodeType !== Node.TEXT_NODE) return null;
    const node = range.startContainer, text = node.data;
    let lo = range.startOffset, hi = range.startOffset;
    while (lo > 0 && /[\w.]/.test(text[lo - 1])) lo--;
    while (hi < text.length && /[\w.]/.test(text[hi])) hi++;
    if (hi <= lo) return null;
    // Only when the pointer is over the word itself, not past the line's end.
    const r = document.createRange(); r.setStart(node, lo); r.setEnd(node, hi);
    const box = r.getBoundingClientRect();
    if (x < box.left || x > box.right || y < box.top || y > box.bottom) return null;
    return { word: text.slice(lo, hi), box };
  }
  // The help of `word` shown under `box` (a word's rectangle on the screen), when `help` knows it.
  async function showHelp(word, box) {
    if (!hoverWords) hoverWords = new Map((await window.shapeHelp.words()).map((w) => [w.name, w]));
    const w = hoverWords.get(word) || hoverWords.get(word.split(".")[0]);
    if (!w) return;
    hover.textContent = w.help;
    hover.hidden = false;
    const below = box.bottom + 4;
    hover.style.left = Math.max(4, Math.min(box.left, innerWidth - hover.offsetWidth - 4)) + "px";
    hover.style.top = (below + hover.offsetHeight < innerHeight ? below : Math.max(4, box.top - hover.offsetHeight - 4)) + "px";
  }
  editor.addEventListener("mousemove", (e) => {
    clearTimeout(hoverTimer);
    hover.hidden = true;
    if (!window.shapeHelp || e.buttons) return;
    hoverTimer = setTimeout(() => {
      const found = wordAt(e.clientX, e.clientY);
      if (found) showHelp(found.word, found.box);
    }, 350);
  });
  // On a touch screen, where nothing hovers: a word selected (a long press selects one) shows
  // its help.
  document.addEventListener("selectionchange", () => {
    if (!window.shapeHelp || document.activeElement !== editor || !matchMedia("(pointer: coarse)").matches) return;
    const word = editor.value.slice(editor.selectionStart, editor.selectionEnd);
    if (!/^[A-Za-z_][\w.]*$/.test(word)) { hover.hidden = true; return; }
    const box = placeRect(editor.selectionStart);
    showHelp(word, { left: box.left, top: box.top, bottom: box.bottom });
  });
  for (const type of ["mouseleave", "keydown", "scroll", "input"]) editor.addEventListener(type, () => { clearTimeout(hoverTimer); hover.hidden = true; });
  editor.addEventListener("pointerdown", (e) => { if (e.pointerType === "mouse") { clearTimeout(hoverTimer); hover.hidden = true; } });

  // ---- The editor pane ----

  let editTimer;
  editor.addEventListener("keydown", flushShown);
  editor.addEventListener("input", () => {
    fromLink = false;
    dropShown();
    undoTexts.length = 0;
    undoGesture = null;
    clearTimeout(editTimer);
    editTimer = setTimeout(() => runScript(false), 150);
  });
  $("share").addEventListener("click", async () => {
    flushShown();
    const link = location.href.split("#")[0] + "#s=" + (await encode(editor.value));
    history.replaceState(null, "", link);
    api.link = link;
    try { await navigator.clipboard.writeText(link); status("link copied", false); } catch { status("link in the address bar", false); }
  });
  // Open and save: a .shape file from this machine into the editor (up to the 2 MiB a script
  // may be), and the script downloaded as one. They wait behind "more" on a small screen.
  $("more-items").prepend($("open"), $("save"));
  let fileName = "playground.shape";
  $("open").addEventListener("click", () => $("open-file").click());
  $("open-file").addEventListener("change", async () => {
    const file = $("open-file").files[0];
    $("open-file").value = "";
    if (!file) return;
    if (file.size > scriptLimit) { on.entry(errorEntry(`${file.name} is larger than ${scriptLimit >> 20} MiB: it is not opened`)); return; }
    const text = await file.text();
    dropShown();
    fromLink = false;
    undoTexts.length = 0;
    fileName = file.name;
    editor.value = text;
    window.workbench.fitted = false;
    runScript(false);
  });
  $("save").addEventListener("click", () => {
    flushShown();
    const a = document.createElement("a");
    a.href = URL.createObjectURL(new Blob([editor.value], { type: "text/plain" }));
    a.download = fileName;
    document.body.append(a); a.click();
    setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
  });
  const select = $("examples");
  for (const [name] of window.SHAPE_EXAMPLES) {
    const o = document.createElement("option"); o.value = name; o.textContent = name; select.append(o);
  }
  select.addEventListener("change", () => {
    const found = window.SHAPE_EXAMPLES.find(([name]) => name === select.value);
    if (!found) return;
    fromLink = false;
    dropShown();
    editor.value = found[1];
    window.workbench.fitted = false;  // a new example is framed
    runScript(false);
  });

  // The script is kept in the browser (local storage) as it runs: a reload or the next visit
  // opens it again, unless a link brings another. Nothing leaves the browser.
  const kept = "shape.playground.script";
  // A script a link opened is not kept over one's own until it is changed here.
  let fromLink = false;
  function keep(script) {
    if (fromLink || window.workbench.present) return;
    try { localStorage.setItem(kept, script); } catch { /* storage full or off: not kept */ }
  }
  function restored() { try { return localStorage.getItem(kept); } catch { return null; } }

  async function start() {
    // ?present: the lesson is shown, not edited (its drags and sliders still move it).
    if (window.workbench.present) editor.readOnly = true;
    const fragment = location.hash.startsWith("#s=") ? location.hash.slice(3) : null;
    const keptScript = fragment === null ? restored() : null;
    const opening = fragment === null ? (keptScript !== null ? keptScript : window.SHAPE_EXAMPLES[0][1]) : null;
    // (The script in the editor at once, as the page opens.)
    if (opening !== null) editor.value = opening;
    if (opening !== null && showFirst(opening)) {
      status("loading the interpreter…", false);
      // The module's script once this drawing is on the screen (and at the latest in a fifth of
      // a second: a tab opened behind others paints nothing, and runs no animation frame).
      requestAnimationFrame(() => setTimeout(loadModule, 0));
      setTimeout(loadModule, 200);
    } else {
      loadModule();
    }
    // The script's run queued at once: a gesture on the early drawing waits behind it.
    if (opening !== null) runScript(false);
    await ready;
    if (opening === null) status("ready", false);  // (else the run says how it went)
    api.ready = performance.now();
    if (fragment !== null) openLink(fragment);
    // Another link opened in this tab (pasted into the address bar, or followed from the page).
    window.addEventListener("hashchange", () => {
      if (location.hash.startsWith("#s=") && location.href !== api.link) openLink(location.hash.slice(3));
    });
  }
})();
