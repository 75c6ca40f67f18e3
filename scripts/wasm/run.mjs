// Runs a .shape script with the WebAssembly interpreter (.build/wasm/shape.wasm, made by
// scripts/build-wasm) under node, printing what `shape script.shape` prints: the reports on
// standard output, an error on standard error, and exiting with its status.
// Usage: node scripts/wasm/run.mjs file.shape
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";
import "./glue.js";

const here = dirname(fileURLToPath(import.meta.url));
const wasmPath = process.env.SHAPE_WASM || join(here, "../../.build/wasm/shape.wasm");

// `read(name)`: the text of an included file, or null.
export async function instantiate(bytes, read = () => null) {
  const module = {};
  const { instance } = await WebAssembly.instantiate(bytes, globalThis.shapeImports(module, read));
  module.exports = instance.exports;
  module.memory = instance.exports.memory;
  return instance.exports;
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
