// What the interpreter in WebAssembly imports from its host, in one place for node
// (scripts/wasm/run.mjs) and the page (the worker inlines this function's source). `module` is
// filled with { memory, exports } once the module is instantiated; `read(name)` gives the text
// of an included file, or null.
function shapeImports(module, read) {
  // C's strtod for the numbers Swift parses (Double(String)): reads the longest number at ptr,
  // writes it at out, returns where it stopped (ptr when there is none).
  function strtod(ptr, out) {
    const heap = new Uint8Array(module.memory.buffer);
    let end = ptr;
    while (heap[end] !== 0) end++;
    const text = new TextDecoder().decode(heap.subarray(ptr, end));
    const m = /^[+-]?(?:(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?|inf(?:inity)?|nan)/i.exec(text);
    if (!m) return ptr;
    const word = m[0].toLowerCase().replace(/^([+-]?)inf(inity)?$/, "$1Infinity").replace(/^[+-]?nan$/, "NaN");
    new DataView(module.memory.buffer).setFloat64(out, Number(word), true);
    return ptr + new TextEncoder().encode(m[0]).length;
  }
  // `include`: the file's text in memory from shape_alloc, its address written at `address`.
  function include(name, nameLength, address) {
    const text = read(new TextDecoder().decode(new Uint8Array(module.memory.buffer, name, nameLength)));
    if (text === null || text === undefined) return -1;
    const bytes = typeof text === "string" ? new TextEncoder().encode(text) : text;
    const at = module.exports.shape_alloc(bytes.length);
    new Uint8Array(module.memory.buffer).set(bytes, at);
    new DataView(module.memory.buffer).setInt32(address, at, true);
    return bytes.length;
  }
  return { env: { fmod: (a, b) => a % b, _swift_stdlib_strtod_clocale: strtod }, host: { include } };
}
if (typeof globalThis !== "undefined") globalThis.shapeImports = shapeImports;
