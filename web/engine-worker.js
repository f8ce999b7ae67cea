// The engine worker: Pyodide, the canasta wheel and worker.py, off the main thread.
// Started by engine.js with an "init" message: {pyodide, wheel, pyc, workerPy, stdlib} (URLs;
// stdlib: the game's cut-down python_stdlib.zip, build/build_site.py; pyc: the engine
// compiled for this Pyodide, build/compile-engine.mjs, loaded instead of the wheel when
// given: importing bytecode instead of compiling sources is most of a first visit's import),
// snapshot: true when engine.js will send a stored memory snapshot (or null) in a
// {type: "snapshot", bytes} message, and makeSnapshot: true when the page can keep one.
// It posts {type: "progress", step}, then {type: "ready", info, timings, boot} (ping()'s
// JSON; boot: "snapshot" or "normal", with discarded: the reason a stored snapshot was not
// used) or {type: "failed", message}; later, when idle, {type: "snapshot-made", bytes}
// (gzip) for engine.js to store. Each {type: "call", id, name, args} is answered by
// {type: "result", id, ok, value | message}; worker.py's functions return JSON strings and
// never raise (a raise is a bug, reported as ok: false).
//
// Memory snapshots (Pyodide's private, experimental loadPyodide options _makeSnapshot and
// _loadSnapshot, and makeMemorySnapshot(); Pyodide 314.0.7): a normal boot with
// _makeSnapshot imports the engine, then copies the wasm heap (about 31 MB, some 25 ms)
// before any JS object is handed to Python: the snapshot may only hold references to JS
// objects reachable from globalThis, which it restores by path. A boot from a snapshot
// skips Python's start and every import (about 0.3 s instead of 3-5 s). What a snapshot
// does not hold is the file system (Emscripten's MEMFS lives in JS): the wheel is unpacked
// again after a restore, for any file the engine reads later.
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

// The stored snapshot (gzip bytes, or null), sent by engine.js after "init".
let snapshotArrived;
const storedSnapshot = new Promise((resolve) => { snapshotArrived = resolve; });

const gunzip = (bytes) =>
  new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();

// Compressed in 1 MB chunks, so that calls arriving meanwhile are answered between them.
async function gzip(bytes) {
  const CHUNK = 1 << 20;
  let offset = 0;
  const source = new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) { controller.close(); return; }
      controller.enqueue(bytes.subarray(offset, offset + CHUNK));
      offset += CHUNK;
    },
  });
  return new Uint8Array(await new Response(source.pipeThrough(new CompressionStream("gzip"))).arrayBuffer());
}

// The engine's Python side: worker.py as the module canasta_worker (so that a snapshot
// holds it, found again with pyimport), with what it imports (canasta.host and its
// modules, some 40). Not every module of the package: canasta.lab (tools for a terminal)
// alone cost 0.4 s more on the first visit, for nothing.
const IMPORT_ENGINE = `
import sys, types
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

async function bootFromSnapshot(loadPyodide, options, gzipped, engine) {
  step("restore");
  // A promise: Pyodide awaits it only once its own files are loaded and compiled, so the
  // snapshot is decompressed meanwhile.
  const raw = gunzip(gzipped);
  raw.catch(() => {});
  const pyodide = await loadPyodide({ ...options, _loadSnapshot: raw });
  pyodide.unpackArchive(await engine.bytes, engine.format);
  return exported(pyodide);
}

async function bootNormally(loadPyodide, options, makeSnapshot, engine, workerText) {
  const pyodide = await loadPyodide({ ...options, _makeSnapshot: makeSnapshot });
  step("engine");
  // A wheel is a zip of the package's files: unpacked into the working directory (on
  // sys.path), no micropip; the compiled engine the same way, its .pyc where the .py would be.
  const bytes = await engine.bytes;
  step("unpack");
  pyodide.unpackArchive(bytes, engine.format);
  step("run");
  pyodide.globals.set("WORKER_SOURCE", await workerText);
  pyodide.runPython(IMPORT_ENGINE, { filename: "<engine-worker>" });
  let heap = null;
  if (makeSnapshot) {
    const t0 = performance.now();
    try {
      heap = pyodide.makeMemorySnapshot();
    } catch (error) {
      console.warn("no memory snapshot:", error);
    }
    timings.snapshot_copy_ms = Math.round(performance.now() - t0);
  }
  return { functions: exported(pyodide), heap };
}

async function boot({ pyodide: pyodideURL, wheel, pyc, workerPy, stdlib, snapshot, makeSnapshot }) {
  // The engine (compiled, or the wheel) and worker.py download while Pyodide boots.
  const engine = { bytes: fetched(pyc || wheel, "bytes"), format: pyc ? "zip" : "wheel" };
  const workerText = fetched(workerPy, "text");
  engine.bytes.catch(() => {});
  workerText.catch(() => {});
  step("python");
  const { loadPyodide } = await import(pyodideURL);
  const options = { indexURL: new URL(".", pyodideURL).href, ...(stdlib ? { stdLibURL: stdlib } : {}) };
  const stored = snapshot ? await storedSnapshot : null;
  let discarded = null;
  if (stored) {
    try {
      functions = await bootFromSnapshot(loadPyodide, options, stored, engine);
      const info = functions.ping();
      if (!JSON.parse(info).ok) throw new Error("the restored engine does not answer ping()");
      step("ready");
      return { info, boot: "snapshot", discarded, heap: null };
    } catch (error) {
      // Whatever went wrong (not gzip, another build, a broken heap): a normal boot.
      discarded = String((error && error.message) || error).slice(0, 300);
      functions = null;
      step("snapshot-discarded");
    }
  }
  const normal = await bootNormally(loadPyodide, options, !!makeSnapshot, engine, workerText);
  functions = normal.functions;
  const info = functions.ping();
  step("ready");
  return { info, boot: "normal", discarded, heap: normal.heap };
}

// The snapshot is compressed and handed to the page once the engine has been idle for
// IDLE_MS (no call), so that it never competes with the first moves of a game.
const IDLE_MS = 1500;
function offerWhenIdle(heap) {
  const wait = () => {
    const quiet = performance.now() - lastCall;
    if (quiet < IDLE_MS) { setTimeout(wait, IDLE_MS - quiet + 10); return; }
    const t0 = performance.now();
    gzip(heap).then(
      (bytes) => {
        timings.snapshot_gzip_ms = Math.round(performance.now() - t0);
        post({ type: "snapshot-made", bytes: bytes.buffer, raw: heap.length, timings }, [bytes.buffer]);
      },
      (error) => post({ type: "snapshot-made", bytes: null, message: String(error) }),
    );
  };
  setTimeout(wait, IDLE_MS);
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
}

self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type === "init") {
    if (booting) return;
    booting = boot(data).then(
      ({ info, boot: from, discarded, heap }) => {
        post({ type: "ready", info, timings, boot: from, discarded });
        if (heap) offerWhenIdle(heap);
      },
      (error) => post({ type: "failed", message: String((error && error.message) || error) }),
    );
  } else if (data.type === "snapshot") {
    snapshotArrived(data.bytes ? new Uint8Array(data.bytes) : null);
  } else if (data.type === "call") {
    lastCall = performance.now();
    // A call sent before the engine is up waits for it (calls stay in order).
    if (booting) booting.then(() => answer(data));
    else answer(data);
  }
});
