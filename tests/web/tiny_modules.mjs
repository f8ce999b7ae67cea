// Runs engine-worker.js's compileTinyModulesOnce under Node and prints what it sees as
// JSON: the function is taken from the worker's own source.
import { readFileSync } from "node:fs";

const source = readFileSync(new URL("../../web/engine-worker.js", import.meta.url), "utf8");
const start = source.indexOf("const TINY_MODULE");
const end = source.indexOf("\n}\n", source.indexOf("function compileTinyModulesOnce("));
if (start < 0 || end < 0) throw new Error("compileTinyModulesOnce not found in web/engine-worker.js");
new Function(source.slice(start, end + 2) + "\ncompileTinyModulesOnce();")();

// The module Emscripten's convertJsFunctionToWasm builds for signature "ii" (one i32 in,
// one out), importing e.f and exporting it as f.
const tiny = () => Uint8Array.of(0, 97, 115, 109, 1, 0, 0, 0, 1, 6, 1, 96, 1, 127, 1, 127, 2, 7, 1, 1, 101, 1,
  102, 0, 0, 7, 5, 1, 1, 102, 0, 0);
const a = new WebAssembly.Module(tiny());
const b = new WebAssembly.Module(tiny().buffer);
const twice = new WebAssembly.Instance(a, { e: { f: (x) => 2 * x } }).exports.f;
const plus = new WebAssembly.Instance(b, { e: { f: (x) => x + 1 } }).exports.f;
// The same module with a custom section (id 0, 365 bytes: a 1-byte name and zeros) making
// it 400 bytes long, over the size kept.
const big = new Uint8Array(400);
big.set(tiny());
big.set([0, 0xed, 0x02, 1, 120], tiny().length);
let direct = null;
try { WebAssembly.Module(tiny()); } catch (error) { direct = error.constructor.name; }
let bad = null;
try { new WebAssembly.Module(Uint8Array.of(1, 2, 3)); } catch (error) { bad = error.constructor.name; }
const big1 = new WebAssembly.Module(big), big2 = new WebAssembly.Module(big);
console.log(JSON.stringify({
  same: a === b,
  isModule: a instanceof WebAssembly.Module,
  exports: WebAssembly.Module.exports(a).map((e) => e.name),
  calls: [twice(21), plus(21)],
  bigCompiledEachTime: big1 !== big2,
  withoutNew: direct,
  badBytes: bad,
}));
