// The playground: the script in the editor runs in a Web Worker with the interpreter built for
// WebAssembly (shape-wasm.js holds it, so the page works from file:// and any static host, with
// nothing fetched), and the transcript and the picture follow each edit. A run that takes too
// long is stopped by ending its worker. The script travels in the link's fragment, deflated.
"use strict";

const editor = document.getElementById("editor");
const transcript = document.getElementById("transcript");
const picture = document.getElementById("picture");
const status = document.getElementById("status");
// How long a run may take before its worker is ended (`?limit=ms` changes it, for the tests).
const limitMs = Number(new URLSearchParams(location.search).get("limit")) || 5000;

// The worker's code: instantiates the module (the page compiles it and hands it over) and runs
// scripts. shapeImports (glue.js, shared with node's runner) is inlined: a worker made from a
// Blob can load nothing.
const workerSource = shapeImports.toString() + `
let exports, memory, files = {};
const module = {};
function text(at, from, length) { return new TextDecoder().decode(new Uint8Array(exports.memory.buffer, at + from, length)); }
onmessage = async (event) => {
  const message = event.data;
  if (message.module) {
    files = message.files;
    // The page compiled the module once; each worker instantiates it.
    const instance = await WebAssembly.instantiate(message.module, shapeImports(module, (name) => files[name]));
    exports = instance.exports; memory = exports.memory;
    module.exports = exports; module.memory = memory;
    postMessage({ ready: true });
    return;
  }
  const script = new TextEncoder().encode(message.script), name = new TextEncoder().encode("playground.shape");
  const ptr = exports.shape_alloc(script.length), namePtr = exports.shape_alloc(name.length);
  new Uint8Array(exports.memory.buffer).set(script, ptr);
  new Uint8Array(exports.memory.buffer).set(name, namePtr);
  const started = performance.now();
  let at;
  try {
    at = exports.shape_run(ptr, script.length, namePtr, name.length, 0, -1, 0);
  } catch (error) {
    // A trap (the page's stack is smaller than the command line's): the module is left as it
    // was mid-run, so the page starts a fresh worker.
    postMessage({ id: message.id, stdout: "", stderr: "the page could not run this script (" + error.message + "): it nests deeper than a page allows", svg: "", ms: 0, broken: true });
    return;
  }
  const out = exports.shape_output_length(), err = exports.shape_error_length();
  const stdout = text(at, 0, out), stderr = text(at, out, err);
  const svgAt = exports.shape_svg();
  const svg = text(svgAt, 0, exports.shape_output_length());
  postMessage({ id: message.id, stdout, stderr, svg, ms: performance.now() - started });
};
`;

let worker, ready, running = null, nextId = 0, pending = null;
const wasmModule = (() => {
  const text = atob(window.SHAPE_WASM_BASE64), bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return WebAssembly.compile(bytes);
})();

function startWorker() {
  worker = new Worker(URL.createObjectURL(new Blob([workerSource], { type: "text/javascript" })));
  ready = new Promise((resolve) => {
    worker.onmessage = (event) => {
      if (event.data.ready) { resolve(); return; }
      finished(event.data);
    };
  });
  wasmModule.then((module) => worker.postMessage({ module, files: window.SHAPE_FILES }));
}

function finished(result) {
  if (!running || result.id !== running.id) return;
  clearTimeout(running.timer);
  running = null;
  transcript.textContent = "";
  transcript.append(document.createTextNode(result.stdout));
  if (result.stderr) {
    const e = document.createElement("span"); e.className = "error"; e.textContent = result.stderr; transcript.append(e);
  }
  picture.innerHTML = result.svg;
  if (result.broken) { worker.terminate(); startWorker(); }
  status.textContent = `ran in ${result.ms.toFixed(0)} ms`;
  window.playground.runs++;
  if (pending !== null) { const s = pending; pending = null; run(s); }
}

async function run(script) {
  if (running) { pending = script; return; }
  await ready;
  const id = ++nextId;
  running = { id, timer: setTimeout(() => {
    // Too long: the worker is ended (the tab never freezes) and a fresh one started.
    worker.terminate();
    running = null;
    transcript.textContent = "";
    const e = document.createElement("span"); e.className = "error";
    e.textContent = `too much work: the script ran for more than ${limitMs / 1000} s and was stopped`;
    transcript.append(e);
    status.textContent = "stopped";
    startWorker();
    if (pending !== null) { const s = pending; pending = null; run(s); }
  }, limitMs) };
  status.textContent = "running…";
  worker.postMessage({ id, script });
}

// The share link: the script deflated into the fragment (base64url).
async function encode(script) {
  const stream = new Blob([script]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  let s = ""; for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
async function decode(fragment) {
  const s = atob(fragment.replace(/-/g, "+").replace(/_/g, "/"));
  const bytes = Uint8Array.from(s, (c) => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  return await new Response(stream).text();
}

let editTimer;
editor.addEventListener("input", () => {
  clearTimeout(editTimer);
  editTimer = setTimeout(() => run(editor.value), 150);
});
document.getElementById("share").addEventListener("click", async () => {
  const link = location.href.split("#")[0] + "#s=" + (await encode(editor.value));
  history.replaceState(null, "", link);
  window.playground.link = link;
  try { await navigator.clipboard.writeText(link); status.textContent = "link copied"; } catch { status.textContent = "link in the address bar"; }
});
const select = document.getElementById("examples");
for (const [name] of window.SHAPE_EXAMPLES) {
  const o = document.createElement("option"); o.value = name; o.textContent = name; select.append(o);
}
select.addEventListener("change", () => {
  const found = window.SHAPE_EXAMPLES.find(([name]) => name === select.value);
  if (found) { editor.value = found[1]; run(editor.value); }
});

window.playground = { runs: 0, run, encode, decode, link: null };
(async () => {
  startWorker();
  const fragment = location.hash.startsWith("#s=") ? location.hash.slice(3) : null;
  editor.value = fragment ? await decode(fragment) : window.SHAPE_EXAMPLES[0][1];
  await ready;
  status.textContent = "ready";
  window.playground.ready = performance.now();
  run(editor.value);
})();
