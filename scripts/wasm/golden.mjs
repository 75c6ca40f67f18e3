// The golden scripts (Tests/ShapeCLITests/Golden) run by the WebAssembly interpreter under node:
// each must print exactly the standard output and standard error its `# expect:` and `# stderr:`
// lines say, with its `# exit:` status, as the native binary must. Left out, and counted: the
// scripts that pass options (`# args:`, `# env:`; the page runs scripts plainly), those that
// include files (the page has none yet), and the stated maths differences below.
import { readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";
import { instantiate, run } from "./run.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const folder = join(here, "../../Tests/ShapeCLITests/Golden");
// Scripts whose output differs by a stated maths difference: JavaScript's Math.sin and Math.cos
// (the page's) may differ from the C library's in the last bit, and an export writes every bit.
const mathsDifferences = new Map([
  ["export-ellipse.shape", "an SVG arc's end written with every bit: -4.330127018922193 for the C library's ...192 (one ulp of a sine)"],
]);
const exports = await instantiate(readFileSync(process.env.SHAPE_WASM || join(here, "../../.build/wasm/shape.wasm")));
let passed = 0;
const skipped = [], failed = [];
for (const name of readdirSync(folder).filter((n) => n.endsWith(".shape")).sort()) {
  const bytes = readFileSync(join(folder, name));
  const text = new TextDecoder().decode(bytes);
  const lines = text.split("\n");
  const values = (tag) => lines.filter((l) => l.startsWith(`# ${tag}:`)).map((l) => l.slice(tag.length + 3).replace(/^ /, ""));
  if (values("args").length || values("env").length) { skipped.push(`${name} (options)`); continue; }
  if (/^\s*include\b/m.test(text)) { skipped.push(`${name} (includes)`); continue; }
  if (mathsDifferences.has(name)) { skipped.push(`${name} (maths: ${mathsDifferences.get(name)})`); continue; }
  const result = run(exports, bytes, name);
  const split = (b) => { const s = b.toString("utf8").split("\n"); s.pop(); return s; };
  const out = split(result.stdout), err = split(result.stderr);
  const same = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);
  const status = Number(values("exit")[0] ?? "0");
  if (same(out, values("expect")) && same(err, values("stderr")) && result.status === status) {
    passed++;
  } else {
    const first = out.findIndex((x, i) => x !== values("expect")[i]);
    failed.push(`${name}: stdout line ${first + 1}: ${JSON.stringify(out[first])} for ${JSON.stringify(values("expect")[first])}; stderr ${JSON.stringify(err.slice(0, 1))}; status ${result.status}`);
  }
}
console.log(`wasm golden scripts: ${passed} the same, ${failed.length} different, ${skipped.length} left out`);
for (const s of skipped) console.log(`  left out: ${s}`);
for (const f of failed) console.log(`  DIFFERENT: ${f}`);
process.exitCode = failed.length ? 1 : 0;
