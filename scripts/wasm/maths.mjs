// The page's maths (JavaScript's Math, which the interpreter imports in WebAssembly) against
// mpmath (scripts/wasm/maths-reference.json, 60 digits, rounded once to the nearest double):
// the distance in units in the last place, per function. Every function must be within 1 ulp:
// then a length stays within 1e-12 and an intersection within 1e-9 of the native binary's, as
// the golden scripts show (scripts/wasm/golden.mjs).
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";

const here = dirname(fileURLToPath(import.meta.url));
const cases = JSON.parse(readFileSync(join(here, "maths-reference.json"), "utf8"));
const buffer = new DataView(new ArrayBuffer(8));
function ordinal(x) {
  // The double's position on the number line, as a BigInt (negative numbers below zero).
  buffer.setFloat64(0, x);
  const bits = buffer.getBigInt64(0);
  return bits < 0n ? -(bits & 0x7fffffffffffffffn) : bits;
}
const worst = new Map();
for (const [name, args, reference] of cases) {
  const got = Math[name](...args.map(Number));
  const want = Number(reference);
  const ulps = Number(ordinal(got) - ordinal(want));
  const w = worst.get(name) ?? 0;
  worst.set(name, Math.max(w, Math.abs(ulps)));
}
const line = [...worst].map(([n, u]) => `${n} ${u}`).join(", ");
console.log(`page maths against mpmath, worst ulps over ${cases.length} values: ${line}`);
process.exitCode = [...worst.values()].every((u) => u <= 1) ? 0 : 1;
