// The engine worker: Pyodide, the canasta wheel and worker.py, off the main thread.
// Started by engine.js with an "init" message: {pyodide, wheel, pyc, workerPy, stdlib} (URLs;
// stdlib: the game's cut-down python_stdlib.zip, build/build_site.py; pyc: the engine
// compiled for this Pyodide, build/compile-engine.mjs, loaded instead of the wheel when
// given: importing bytecode instead of compiling sources is most of a first visit's import),
// snapshot: {dir, name} of the stored memory snapshot's file in the origin's private file
// system, which this worker reads itself (or null: none), makeSnapshot: true when the
// page can keep one, and restoreOnly: true to boot from the snapshot or fail, never boot
// normally (engine.js checks a snapshot it has just stored that way).
// It posts {type: "progress", step}, then {type: "ready", info, timings, boot, wasm} (ping()'s
// JSON; boot: "snapshot" or "normal", with discarded: the reason a stored snapshot was not
// used; wasm: "early" when Pyodide's module was the one compileEarly started, else
// "pyodide") or {type: "failed", message}; later, when idle, {type: "snapshot-made",
// bytes} (the heap in the sparse form of packHeap) for engine.js to store. Each {type:
// "call", id, name, args} is answered by {type: "result", id, ok, value | message};
// worker.py's functions return JSON strings and never raise (a raise is a bug, reported as
// ok: false).
//
// Memory snapshots (Pyodide's private, experimental loadPyodide options _makeSnapshot and
// _loadSnapshot, and makeMemorySnapshot(); Pyodide 314.0.7): a normal boot with
// _makeSnapshot imports the engine; once the engine is idle, during play, the wasm heap is
// copied (about 31 MB, some 25 ms): the snapshot may only hold references to JS objects
// reachable from globalThis, which it restores by path, and the calls hand Python none.
// A boot from a snapshot skips Python's start and every import (the bench's return visit:
// engine ready at about 0.5 s, where a normal boot of the same files, with the standard
// library as bytecode, takes 0.7-0.8 s before the engine's import), then drops the game
// the snapshot holds (canasta.host.forget). What a snapshot does not hold is the file
// system (Emscripten's MEMFS lives in JS): the engine's zip is written again after a
// restore, for any module the engine imports later.
//
// The boot from a snapshot starts as soon as the entry is found: Pyodide loads
// and compiles its own files while the bytes are still being read, and awaits them only
// then. The heap is kept without its zero pages (about half of it), not gzipped:
// decompressing 31 MB cost 0.3-0.4 s in the worker on a return visit while Pyodide's
// compilation had the other core, where copying the stored pages back costs a few ms
// (tools/bench_site.py, "in the worker" rows).
"use strict";

let functions = null;
let booting = null;
let lastCall = 0;

const post = (message, transfer) => self.postMessage(message, transfer || []);
// Milliseconds since this worker started, per boot step (for tools/bench_site.py).
const timings = {};
const step = (name) => {
  timings[name] = Math.round(performance.now());
  post({ type: "progress", step: name });
};

async function fetched(url, kind) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return kind === "text" ? response.text() : response.arrayBuffer();
}

// The stored snapshot: whether there is one (the restore starts then), and its bytes (null
// if reading fails). It is a file of the origin's private file system (OPFS), read here
// with a synchronous access handle: 15 MB in about 12 ms. The Cache API, where it was kept
// before, serves the service worker's answers to the page's start from the same queue:
// on a return visit the snapshot's bytes came 250-300 ms after they were asked for (issue
// 39, tools/bench_site.py's "in the worker" rows). Storage this worker may not use means
// no snapshot, never a failed start.
let snapshotHead = Promise.resolve(false);
let storedSnapshot = Promise.resolve(null);
async function readStored({ dir, name }) {
  let file;
  try {
    const root = await self.navigator.storage.getDirectory();
    file = await (await root.getDirectoryHandle(dir)).getFileHandle(name);
  } catch (error) {
    return null;  // none stored (NotFoundError), or no file system for this worker
  }
  try {
    // "read-only" lets the page's second engine (engine.helper) read it at the same time.
    const handle = await file.createSyncAccessHandle({ mode: "read-only" });
    try {
      const bytes = new Uint8Array(handle.getSize());
      if (handle.read(bytes, { at: 0 }) !== bytes.length) throw new Error("short read");
      return bytes;
    } finally {
      handle.close();
    }
  } catch (error) {
    // No synchronous handle here (another browser, or the file is locked): read it as a File.
    return new Uint8Array(await (await file.getFile()).arrayBuffer());
  }
}
function readSnapshot(entry) {
  if (!entry) return;
  storedSnapshot = readStored(entry).catch(() => null);
  snapshotHead = storedSnapshot.then((bytes) => !!bytes);
}

// The stored form of a heap: a 16-byte header (magic "CNHP", version 1, the heap's length
// and the page size, little-endian u32), a bitmap of the pages that are not all zero, then
// those pages in order (the last one possibly short).
const HEAP_MAGIC = 0x50484e43;  // "CNHP"
const HEAP_VERSION = 1;
const HEAP_PAGE = 4096;

// Scanned in slices, yielding between them, so that calls arriving meanwhile are answered.
async function packHeap(heap) {
  const pages = Math.ceil(heap.length / HEAP_PAGE);
  const bitmap = new Uint8Array(Math.ceil(pages / 8));
  const words = heap.byteOffset % 4 === 0 ? new Uint32Array(heap.buffer, heap.byteOffset, heap.length >> 2) : null;
  let kept = 0;
  let size = 0;
  for (let page = 0; page < pages; page++) {
    const start = page * HEAP_PAGE;
    const end = Math.min(start + HEAP_PAGE, heap.length);
    let zero = true;
    if (words && end - start === HEAP_PAGE) {
      for (let i = start >> 2, last = end >> 2; i < last; i++) if (words[i] !== 0) { zero = false; break; }
    } else {
      for (let i = start; i < end; i++) if (heap[i] !== 0) { zero = false; break; }
    }
    if (!zero) { bitmap[page >> 3] |= 1 << (page & 7); kept++; size += end - start; }
    if (page % 1024 === 1023) await new Promise((resolve) => setTimeout(resolve, 0));
  }
  const packed = new Uint8Array(16 + bitmap.length + size);
  const header = new DataView(packed.buffer);
  header.setUint32(0, HEAP_MAGIC, true);
  header.setUint32(4, HEAP_VERSION, true);
  header.setUint32(8, heap.length, true);
  header.setUint32(12, HEAP_PAGE, true);
  packed.set(bitmap, 16);
  let at = 16 + bitmap.length;
  for (let page = 0; page < pages; page++) {
    if (!(bitmap[page >> 3] & (1 << (page & 7)))) continue;
    const chunk = heap.subarray(page * HEAP_PAGE, Math.min((page + 1) * HEAP_PAGE, heap.length));
    packed.set(chunk, at);
    at += chunk.length;
  }
  return { packed, kept, pages };
}

// The heap back from its stored form; throws on anything that is not exactly one.
function unpackHeap(bytes) {
  if (bytes.length < 16) throw new Error("not a stored heap (too short)");
  const header = new DataView(bytes.buffer, bytes.byteOffset, 16);
  if (header.getUint32(0, true) !== HEAP_MAGIC) throw new Error("not a stored heap (magic)");
  if (header.getUint32(4, true) !== HEAP_VERSION) throw new Error("a stored heap of another version");
  const length = header.getUint32(8, true);
  if (header.getUint32(12, true) !== HEAP_PAGE) throw new Error("a stored heap with another page size");
  const pages = Math.ceil(length / HEAP_PAGE);
  const bitmap = bytes.subarray(16, 16 + Math.ceil(pages / 8));
  let size = 16 + bitmap.length;
  for (let page = 0; page < pages; page++) {
    if (bitmap[page >> 3] & (1 << (page & 7))) size += Math.min(HEAP_PAGE, length - page * HEAP_PAGE);
  }
  if (bitmap.length !== Math.ceil(pages / 8) || size !== bytes.length) throw new Error("a stored heap of the wrong size");
  const heap = new Uint8Array(length);
  let at = 16 + bitmap.length;
  for (let page = 0; page < pages; page++) {
    if (!(bitmap[page >> 3] & (1 << (page & 7)))) continue;
    const end = Math.min(at + HEAP_PAGE, at + length - page * HEAP_PAGE);
    heap.set(bytes.subarray(at, end), page * HEAP_PAGE);
    at = end;
  }
  return heap;
}

// The engine (the compiled one, canasta-pyc.zip, or the wheel: both are zips with canasta/
// at their root) is imported from its zip by Python's zipimport, no micropip and nothing
// unpacked: extracting its 48 files cost 20 ms of a first visit's boot and 15-25 ms of a
// return visit's, writing the zip costs 1-2 ms (issue 39). No module of the engine reads
// a file of its own.
const ENGINE_ZIP = "/canasta-engine.zip";
function placeEngine(pyodide, bytes) {
  pyodide.FS.writeFile(ENGINE_ZIP, new Uint8Array(bytes));
}

// The engine's Python side: worker.py as the module canasta_worker (so that a snapshot
// holds it, found again with pyimport), with what it imports (canasta.host and its
// modules, some 40). Not every module of the package: canasta.lab (tools for a terminal)
// alone cost 0.4 s more on the first visit, for nothing.
const IMPORT_ENGINE = `
import sys, types
sys.path.insert(0, "${ENGINE_ZIP}")
_module = types.ModuleType("canasta_worker")
_module.__file__ = "worker.py"
exec(compile(WORKER_SOURCE, "worker.py", "exec"), _module.__dict__)
sys.modules["canasta_worker"] = _module
del WORKER_SOURCE, _module
`;

function exported(pyodide) {
  const worker = pyodide.pyimport("canasta_worker");
  const table = {};
  for (const name of worker.__export__.toJs()) table[name] = worker[name];
  return table;
}

async function bootFromSnapshot(loadPyodide, options, engine) {
  step("restore");
  // A promise: Pyodide awaits it only once its own files are loaded and compiled, so the
  // snapshot is read meanwhile.
  const raw = storedSnapshot.then((bytes) => {
    timings.snapshot_read = Math.round(performance.now());
    if (!bytes) throw new Error("the stored snapshot could not be read");
    const heap = unpackHeap(bytes);
    timings.snapshot_unpacked = Math.round(performance.now());
    return heap;
  });
  raw.catch(() => {});
  const pyodide = await loadPyodide({ ...options, _loadSnapshot: raw });
  step("restored");
  placeEngine(pyodide, await engine.bytes);  // sys.path names it already: the snapshot holds it
  const functions = exported(pyodide);
  // The snapshot was taken during play (offerWhenIdle): the game it holds is dropped.
  if (!JSON.parse(functions.forget()).ok) throw new Error("the restored engine does not forget its game");
  return functions;
}

async function bootNormally(loadPyodide, options, makeSnapshot, engine, workerText) {
  const pyodide = await loadPyodide({ ...options, _makeSnapshot: makeSnapshot });
  step("engine");
  placeEngine(pyodide, await engine.bytes);  // the download started with the boot
  step("run");
  pyodide.globals.set("WORKER_SOURCE", await workerText);
  pyodide.runPython(IMPORT_ENGINE, { filename: "<engine-worker>" });
  // The heap is copied once the engine is idle (offerWhenIdle), not before its first calls.
  return { functions: exported(pyodide), toSnapshot: makeSnapshot ? pyodide : null };
}

// The module Pyodide instantiated: "early" (compileEarly's) or "pyodide" (its own).
let wasmUsed = "pyodide";

// Pyodide compiles its wasm (9.6 MB) only once loadPyodide has imported pyodide.asm.mjs and,
// on a restore, once the snapshot's bytes are in (their length is the module's initial
// memory): after them, on the boot's critical path. The module is compiled here as soon as
// the worker starts instead, in parallel with both, and Pyodide's own instantiateStreaming
// of that URL is answered with it (Pyodide 314.0.7's loadPyodide offers no option for a
// compiled module). The same URL and response keep the browser's wasm code cache. If the
// early compile fails, Pyodide's own path runs with its own response. Measured (issue 39,
// A/B of built copies, 4 rounds): warm playable 1075 vs 1117 ms, cold 3447 vs 3609 ms.
// Returns the function that puts WebAssembly.instantiateStreaming back.
function compileEarly(wasmURL) {
  const compiled = WebAssembly.compileStreaming(fetch(wasmURL));
  compiled.catch(() => {});
  const native = WebAssembly.instantiateStreaming;
  WebAssembly.instantiateStreaming = async (source, imports) => {
    const response = await source;
    if (response && response.url === wasmURL) {
      const module = await compiled.catch(() => null);
      if (module) {
        if (response.body) response.body.cancel().catch(() => {});  // Pyodide's own fetch, unused
        const instance = await WebAssembly.instantiate(module, imports);
        wasmUsed = "early";
        return { module, instance };
      }
    }
    return native.call(WebAssembly, response, imports);
  };
  return () => { WebAssembly.instantiateStreaming = native; };
}

// Emscripten's addFunction puts each JS function the wasm table needs into a tiny module
// of its own (convertJsFunctionToWasm: new WebAssembly.Module(bytes), then an Instance
// importing the function): 261 modules during Pyodide 314.0.7's boot, on every visit, but
// only 30 distinct ones (their bytes name just the signature). Each is compiled once here;
// the same bytes get the same compiled module, which is stateless (each Instance still
// has its own import). In the worker's traces these compiles took 30 ms of a first
// visit's boot and 38 ms of a return visit's. Only modules of at most TINY_MODULE bytes
// are kept; the big one goes through untouched. Installed for the worker's life:
// addFunction runs after the boot too.
const TINY_MODULE = 256;
function compileTinyModulesOnce() {
  const Native = WebAssembly.Module;
  const compiled = new Map();
  function Module(bytes, ...rest) {
    if (!new.target) return Native(bytes, ...rest);  // throws as the native one does
    const view = ArrayBuffer.isView(bytes) ? new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength)
      : bytes instanceof ArrayBuffer ? new Uint8Array(bytes) : null;
    if (!view || view.length > TINY_MODULE || rest.length) return new Native(bytes, ...rest);
    const key = String.fromCharCode.apply(null, view);
    let module = compiled.get(key);
    if (!module) {
      module = new Native(bytes);
      compiled.set(key, module);
    }
    return module;
  }
  Module.prototype = Native.prototype;
  for (const name of ["exports", "imports", "customSections"]) Module[name] = Native[name];
  WebAssembly.Module = Module;
}

async function boot(init) {
  const restore = compileEarly(new URL("pyodide.asm.wasm", init.pyodide).href);
  compileTinyModulesOnce();
  try {
    return await bootEngine(init);
  } finally {
    restore();
  }
}

async function bootEngine({ pyodide: pyodideURL, wheel, pyc, workerPy, stdlib, makeSnapshot, restoreOnly }) {
  // The engine (compiled, or the wheel) and worker.py download while Pyodide boots.
  const engine = { bytes: fetched(pyc || wheel, "bytes") };
  const workerText = fetched(workerPy, "text");
  engine.bytes.catch(() => {});
  workerText.catch(() => {});
  step("python");
  const { loadPyodide } = await import(pyodideURL);
  timings.imported = Math.round(performance.now());
  const options = { indexURL: new URL(".", pyodideURL).href, ...(stdlib ? { stdLibURL: stdlib } : {}) };
  const present = await snapshotHead;
  timings.snapshot_head = Math.round(performance.now());
  let discarded = null;
  if (present) {
    try {
      functions = await bootFromSnapshot(loadPyodide, options, engine);
      const info = functions.ping();
      if (!JSON.parse(info).ok) throw new Error("the restored engine does not answer ping()");
      step("ready");
      return { info, boot: "snapshot", discarded, toSnapshot: null };
    } catch (error) {
      // Whatever went wrong (not a stored heap, another build, a broken heap): a normal boot.
      discarded = String((error && error.message) || error).slice(0, 300);
      functions = null;
      step("snapshot-discarded");
    }
  }
  // The check of a snapshot just stored (engine.js, verifySnapshot): a restore or nothing.
  if (restoreOnly) throw new Error(discarded || "no stored snapshot was found");
  const normal = await bootNormally(loadPyodide, options, !!makeSnapshot, engine, workerText);
  functions = normal.functions;
  const info = functions.ping();
  step("ready");
  return { info, boot: "normal", discarded, toSnapshot: normal.toSnapshot };
}

// The heap as it is now. The calls hand Python only strings and numbers, so the heap holds
// no JS object then; if it ever did, makeMemorySnapshot refuses and there is no snapshot.
function takeSnapshot(pyodide) {
  const t0 = performance.now();
  try {
    return pyodide.makeMemorySnapshot();
  } catch (error) {
    console.warn("no memory snapshot:", error);
    return null;
  } finally {
    timings.snapshot_copy_ms = Math.round(performance.now() - t0);
  }
}

// The snapshot is taken, packed and handed to the page once the engine has been idle for
// IDLE_MS (no call), so that it never competes with the first moves of a game: the copy
// of the heap (about 31 MB) took 28 ms when it was made as the engine came up, and the
// first call (new_game) waited for it on a first visit's critical path (issue 39). Taken
// during play, it holds that game: a boot from it calls forget() (bootFromSnapshot).
const IDLE_MS = 1500;
function offerWhenIdle(pyodide) {
  const wait = () => {
    const quiet = performance.now() - lastCall;
    if (quiet < IDLE_MS) { setTimeout(wait, IDLE_MS - quiet + 10); return; }
    const heap = takeSnapshot(pyodide);
    if (!heap) {
      post({ type: "snapshot-made", bytes: null, message: "the engine's heap could not be copied" });
      return;
    }
    const t0 = performance.now();
    packHeap(heap).then(
      ({ packed, kept, pages }) => {
        timings.snapshot_pack_ms = Math.round(performance.now() - t0);
        timings.snapshot_pages = [kept, pages];
        post({ type: "snapshot-made", bytes: packed.buffer, raw: heap.length, timings }, [packed.buffer]);
      },
      (error) => post({ type: "snapshot-made", bytes: null, message: String(error) }),
    );
  };
  setTimeout(wait, IDLE_MS);
}

// The bots think ahead: once the page has made no call for PREPARE_MS, the next bot's
// decision is made (canasta.host.prepare; nothing is played) while the page shows the last
// move and pauses before the next, and that bot_step then only plays it. At a speed with no
// pause the calls follow each other sooner and this never runs. A call that comes during
// the decision waits for it (at most the expert's think-time cap).
const PREPARE_MS = 40;
let prepareTimer = 0;
function prepareWhenQuiet() {
  clearTimeout(prepareTimer);
  prepareTimer = setTimeout(() => {
    const quiet = performance.now() - lastCall;
    if (quiet < PREPARE_MS) { prepareWhenQuiet(); return; }
    if (!functions || !functions.prepare) return;
    try {
      functions.prepare();
    } catch (error) {
      console.warn("prepare:", error);
    }
  }, PREPARE_MS);
}

function answer({ id, name, args }) {
  lastCall = performance.now();
  const fn = functions && functions[name];
  if (!fn) {
    post({ type: "result", id, ok: false, message: `the engine is not running (no function ${name})` });
    return;
  }
  try {
    post({ type: "result", id, ok: true, value: fn(...(args || [])) });
  } catch (error) {
    post({ type: "result", id, ok: false, message: String((error && error.message) || error) });
  }
  lastCall = performance.now();
  prepareWhenQuiet();
}

self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type === "init") {
    if (booting) return;
    readSnapshot(data.snapshot);
    booting = boot(data).then(
      ({ info, boot: from, discarded, toSnapshot }) => {
        post({ type: "ready", info, timings, boot: from, discarded, wasm: wasmUsed });
        if (toSnapshot) offerWhenIdle(toSnapshot);
      },
      (error) => post({ type: "failed", message: String((error && error.message) || error) }),
    );
  } else if (data.type === "call") {
    lastCall = performance.now();
    // A call sent before the engine is up waits for it (calls stay in order).
    if (booting) booting.then(() => answer(data));
    else answer(data);
  }
});
