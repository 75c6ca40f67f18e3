// Runs a .shape script with the WebAssembly interpreter (.build/wasm/shape.wasm, made by
// scripts/build-wasm) under node, printing what `shape script.shape` prints: the reports on
// standard output, an error on standard error, and exiting with its status.
// Usage: node scripts/wasm/run.mjs file.shape
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";

const here = dirname(fileURLToPath(import.meta.url));
const wasmPath = process.env.SHAPE_WASM || join(here, "../../.build/wasm/shape.wasm");

// `read(name)`: the text of an included file, or null.
export async function instantiate(bytes, read = () => null) {
  let memory, exports;
  // Each takes exactly its arguments: Swift's calls pass two more (its context registers), and
  // Math.hypot would take them in.
  const math = {
    sin: (x) => Math.sin(x), cos: (x) => Math.cos(x), tan: (x) => Math.tan(x), asin: (x) => Math.asin(x),
    acos: (x) => Math.acos(x), atan: (x) => Math.atan(x), atan2: (y, x) => Math.atan2(y, x),
    hypot: (x, y) => Math.hypot(x, y), pow: (x, y) => Math.pow(x, y), log: (x) => Math.log(x), cbrt: (x) => Math.cbrt(x),
  };
  // C's strtod for the numbers Swift parses (Double(String)): reads the longest number at ptr,
  // writes it at out, returns where it stopped (ptr when there is none).
  function strtod(ptr, out) {
    const heap = new Uint8Array(memory.buffer);
    let end = ptr;
    while (heap[end] !== 0) end++;
    const text = new TextDecoder().decode(heap.subarray(ptr, end));
    const m = /^[+-]?(?:(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?|inf(?:inity)?|nan)/i.exec(text);
    if (!m) return ptr;
    const word = m[0].toLowerCase().replace(/^([+-]?)inf(inity)?$/, "$1Infinity").replace(/^[+-]?nan$/, "NaN");
    new DataView(memory.buffer).setFloat64(out, Number(word), true);
    return ptr + new TextEncoder().encode(m[0]).length;
  }
  // `include`: the file's text in memory from shape_alloc, its address written at `address`.
  function include(name, nameLength, address) {
    const text = read(new TextDecoder().decode(new Uint8Array(memory.buffer, name, nameLength)));
    if (text === null || text === undefined) return -1;
    const bytes = typeof text === "string" ? new TextEncoder().encode(text) : text;
    const at = exports.shape_alloc(bytes.length);
    new Uint8Array(memory.buffer).set(bytes, at);
    new DataView(memory.buffer).setInt32(address, at, true);
    return bytes.length;
  }
  const { instance } = await WebAssembly.instantiate(bytes, {
    math,
    env: { fmod: (a, b) => a % b, _swift_stdlib_strtod_clocale: strtod },
    host: { include },
  });
  exports = instance.exports;
  memory = exports.memory;
  return exports;
}

// `options`: { json, quiet, precision, workLimit }, as the command line's --json, --quiet,
// --precision N and --work-limit N.
export function run(exports, scriptBytes, name = "script.shape", options = {}) {
  const nameBytes = new TextEncoder().encode(name);
  const ptr = exports.shape_alloc(scriptBytes.length), namePtr = exports.shape_alloc(nameBytes.length);
  new Uint8Array(exports.memory.buffer).set(scriptBytes, ptr);
  new Uint8Array(exports.memory.buffer).set(nameBytes, namePtr);
  const flags = (options.json ? 1 : 0) | (options.quiet ? 2 : 0) | (options.asCommandLine ? 4 : 0);
  const at = exports.shape_run(ptr, scriptBytes.length, namePtr, nameBytes.length, flags, options.precision ?? -1, options.workLimit ?? 0);
  const outLength = exports.shape_output_length(), errLength = exports.shape_error_length();
  const heap = new Uint8Array(exports.memory.buffer);
  return {
    stdout: Buffer.from(heap.slice(at, at + outLength)),
    stderr: Buffer.from(heap.slice(at + outLength, at + outLength + errLength)),
    status: exports.shape_status(),
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const script = process.argv[2], folder = dirname(script);
  const exports = await instantiate(readFileSync(wasmPath), (name) => {
    try { return readFileSync(name.startsWith("/") ? name : join(folder, name)); } catch { return null; }
  });
  const result = run(exports, readFileSync(script), script.split("/").pop());
  process.stdout.write(result.stdout);
  process.stderr.write(result.stderr);
  process.exitCode = result.status;
}
