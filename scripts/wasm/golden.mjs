// The golden scripts (Tests/ShapeCLITests/Golden) run by the WebAssembly interpreter under node:
// each must print exactly the standard output and standard error its `# expect:` and `# stderr:`
// lines say, with its `# exit:` status, as the native binary must, with the options of its
// `# args:` and the files it includes. Left out, and counted: a script that sets the environment
// (`# env:`). Then the examples (their snapshots), and the hostile corpus (each input's located
// error). The module computes its sines, logarithms and powers itself (Elementary.swift), with
// the very code the native binary runs: it takes nothing from the host but what the list below
// says, so no engine's Math can change a digit.
import { readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";
import { instantiate, run } from "./run.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const folder = join(here, "../../Tests/ShapeCLITests/Golden");
// One instance for every script (each run makes a new session); included files are read from
// the folder the script runs in, as the native binary reads them: the golden scripts' first.
let includeFolder = folder;
const wasmBytes = readFileSync(process.env.SHAPE_WASM || join(here, "../../.build/wasm/shape.wasm"));
const imports = WebAssembly.Module.imports(new WebAssembly.Module(wasmBytes)).map((i) => `${i.module}.${i.name}`).sort();
const allowed = ["env._swift_stdlib_strtod_clocale", "env.fmod", "host.include"];
if (imports.join() !== allowed.join()) {
  console.log(`the module imports ${imports.join(", ")}: only ${allowed.join(", ")} may come from the host`);
  process.exit(1);
}
// A fresh instance, reading included files from includeFolder (also after a trap, which leaves
// an instance as it was mid-run).
const fresh = () => instantiate(wasmBytes, (name) => { try { return readFileSync(join(includeFolder, name)); } catch { return null; } });
let exports = await fresh();
// Copy-on-write as Swift promises it (the compiler's options once broke it: scripts/build-wasm).
const selftest = exports.shape_selftest();
if (selftest !== 0) {
  console.log(`the module's self-test failed (${selftest}): a copy of an array or of an error shares the original's changes`);
  process.exit(1);
}
let passed = 0;
const skipped = [], failed = [];
for (const name of readdirSync(folder).filter((n) => n.endsWith(".shape")).sort()) {
  const bytes = readFileSync(join(folder, name));
  const text = new TextDecoder().decode(bytes);
  const lines = text.split("\n");
  const values = (tag) => lines.filter((l) => l.startsWith(`# ${tag}:`)).map((l) => l.slice(tag.length + 3).replace(/^ /, ""));
  if (values("env").length) { skipped.push(`${name} (environment)`); continue; }
  // The command line's options, as the page passes them.
  const args = values("args").flatMap((a) => a.split(" "));
  const options = { json: args.includes("--json"), quiet: args.includes("--quiet") };
  if (args.includes("--precision")) options.precision = Number(args[args.indexOf("--precision") + 1]);
  if (args.includes("--work-limit")) options.workLimit = Number(args[args.indexOf("--work-limit") + 1]);
  const result = run(exports, bytes, name, options);
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
// The examples, the Primer's chapters and the lesson: their whole standard output is the
// native binary's snapshot (Tests/ShapeCLITests/Examples), run as the example tests run them.
const root = join(here, "../..");
const snapshots = join(root, "Tests/ShapeCLITests/Examples");
for (const [sub, runFrom] of [["", root], ["primer", null], ["lesson", null]]) {
  const dir = join(root, "examples", sub);
  for (const file of readdirSync(dir).filter((n) => n.endsWith(".shape")).sort()) {
    const name = sub ? file : `examples/${file}`;
    includeFolder = runFrom ?? dir;
    const result = run(exports, readFileSync(join(dir, file)), name, { asCommandLine: true });
    const want = readFileSync(join(snapshots, sub, file.replace(/\.shape$/, ".out")), "utf8");
    if (result.stdout.toString("utf8") === want && result.stderr.length === 0 && result.status === 0) {
      passed++;
    } else {
      failed.push(`${join("examples", sub, file)}: ${result.stderr.toString("utf8").split("\n")[0] || "its output differs"}`);
    }
  }
}
// The hostile corpus (Tests/ShapeCLITests/Hostile): each input ends as it does natively
// (HostileInputTests), with exit status 1 and a located error, `name:line:column: error: `, that
// holds the message expected.tsv gives it.
const hostile = join(root, "Tests/ShapeCLITests/Hostile");
// Inputs about the machine's files, which a page has none of: `include` reads only the files the
// host gives it (so a device or a folder is "no such file"), and `save` writes nothing.
const hostDifferences = new Map([
  ["include-device.shape", "a device is no file the page's host has"],
  ["include-directory.shape", "a folder is no file the page's host has"],
  ["save-into-missing-folder.shape", "save writes no file in a page"],
]);
const expectedErrors = new Map();
for (const line of readFileSync(join(hostile, "expected.tsv"), "utf8").split("\n")) {
  if (line.startsWith("#") || !line) continue;
  const [name, message, args = ""] = line.split("\t");
  expectedErrors.set(name, { message, args: args.split(" ").filter(Boolean) });
}
let hostilePassed = 0;
const hostileFailed = [];
includeFolder = hostile;
for (const file of readdirSync(hostile).filter((n) => n.endsWith(".shape")).sort()) {
  if (hostDifferences.has(file)) { skipped.push(`hostile ${file} (files: ${hostDifferences.get(file)})`); continue; }
  const expected = expectedErrors.get(file.replace(/\.shape$/, ""));
  if (!expected) { hostileFailed.push(`${file}: no line in expected.tsv`); continue; }
  const options = {};
  if (expected.args.includes("--work-limit")) options.workLimit = Number(expected.args[expected.args.indexOf("--work-limit") + 1]);
  let result;
  try {
    result = run(exports, readFileSync(join(hostile, file)), file, options);
  } catch (error) {
    hostileFailed.push(`${file}: ${error.message}`);
    exports = await fresh();
    continue;
  }
  const first = result.stderr.toString("utf8").split("\n")[0];
  const located = first.startsWith(file + ":") && /^:\d+:\d+: error: /.test(first.slice(file.length));
  if (result.status === 1 && located && first.includes(expected.message)) hostilePassed++;
  else hostileFailed.push(`${file}: status ${result.status}, ${JSON.stringify(first.slice(0, 200))} for ${JSON.stringify(expected.message)}`);
}
failed.push(...hostileFailed.map((f) => "hostile " + f));
// Every command (as `help` lists them) and its function form with numbers at the ends of what
// integers hold, where `Int` has 32 bits: each runs or ends with a located error, none traps (as
// ExtremeNumberCorpus checks natively, where `Int` has 64).
const extremes = ["9223372036854775807", "-9.3e18", "2147483648", "-2147483649", "2147483647", "4294967296", "1e300", "3", "0.5", "-1"];
const names = [...new Set([...run(exports, new TextEncoder().encode("help"), "help.shape").stdout.toString("utf8")
  .matchAll(/^  ([a-z][a-z0-9]*)\b/gm)].map((m) => m[1]))].sort();
let seed = 45;
const pick = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return extremes[seed % extremes.length]; };
const statements = names.flatMap((name) => [0, 1, 2, 3, 4, 6].flatMap((count) => [
  `${name} ${Array.from({ length: count }, pick).join(" ")}`, `print ${name}(${Array.from({ length: count }, pick).join(", ")})`]));
statements.push("repeat 2147483648 { }", "for i in 2147483640..<2147483650 { }", "let a = [1]\nprint a[2147483648]", "handle 2147483647\ndrag by 1 1");
const extremeTraps = [];
let extremeUnlocated = 0;
const setup = "move 0 0\ncurve 30 120 170 120 200 0\nline 300 0\narc 250 80 50 0 180deg\nclose\ndash 10 5\n";
for (const statement of statements) {
  try {
    const result = run(exports, new TextEncoder().encode(setup + statement), "extreme.shape", { workLimit: 2000000 });
    if (result.status !== 0 && !/^extreme\.shape:\d+:\d+: error: /.test(result.stderr.toString("utf8"))) extremeUnlocated++;
  } catch (error) {
    extremeTraps.push(`${JSON.stringify(statement)}: ${error.message}`);
    exports = await fresh();
  }
}
if (names.length < 80) failed.push(`extreme numbers: help listed only ${names.length} commands`);
if (extremeUnlocated) failed.push(`extreme numbers: ${extremeUnlocated} errors without file:line:column`);
failed.push(...extremeTraps.map((t) => "extreme numbers: trapped on " + t));
console.log(`wasm golden scripts and examples: ${passed} the same, ${failed.length - hostileFailed.length} different, ${skipped.length} left out; ` +
  `hostile inputs: ${hostilePassed} end with their located error, ${hostileFailed.length} otherwise; ` +
  `${statements.length} statements of extreme numbers: ${extremeTraps.length} traps`);
for (const s of skipped) console.log(`  left out: ${s}`);
for (const f of failed) console.log(`  DIFFERENT: ${f}`);
process.exitCode = failed.length ? 1 : 0;
