// The module's answer to the playground's first run (the first example, as the page runs it: a
// session of the script, named playground.shape, with the examples' library files), made when
// the page is built (scripts/web), so that the page draws it before the module has loaded. Writes
// `window.SHAPE_FIRST = {script, answer}` (the answer's bytes in base64) to the file given.
// Usage: node scripts/wasm/first-answer.mjs dist/web/examples.js out.js
import { readFileSync, writeFileSync } from "node:fs";
import { instantiate } from "./run.mjs";

const [examplesPath, outPath] = process.argv.slice(2);
const window = {};
new Function("window", readFileSync(examplesPath, "utf8"))(window);
const script = window.SHAPE_EXAMPLES[0][1];
const files = window.SHAPE_FILES;
const wasm = readFileSync(process.env.SHAPE_WASM || new URL("../../.build/wasm/shape.wasm", import.meta.url));
const exports = await instantiate(wasm, (name) => files[name] ?? null);
function put(text) {
  const bytes = new TextEncoder().encode(text), at = exports.shape_alloc(bytes.length);
  new Uint8Array(exports.memory.buffer).set(bytes, at);
  return [at, bytes.length];
}
const [at, count] = put(script), [nameAt, nameCount] = put("playground.shape");
const answerAt = exports.shape_session(at, count, nameAt, nameCount, 0);
const answer = new Uint8Array(exports.memory.buffer, answerAt, exports.shape_output_length()).slice();
writeFileSync(outPath, "window.SHAPE_FIRST = " + JSON.stringify({ script, answer: Buffer.from(answer).toString("base64") }) + ";\n");
