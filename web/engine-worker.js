// The engine worker: Pyodide, the canasta wheel and worker.py, off the main thread.
// Started by engine.js with an "init" message carrying the URLs of pyodide.mjs, the wheel
// and worker.py. It posts {type: "progress", step}, then {type: "ready", info} (ping()'s
// JSON) or {type: "failed", message}. Each {type: "call", id, name, args} is answered by
// {type: "result", id, ok, value | message}; worker.py's functions return JSON strings and
// never raise (a raise is a bug, reported as ok: false).
"use strict";

let functions = null;
let booting = null;

const post = (message) => self.postMessage(message);
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

async function boot({ pyodide: pyodideURL, wheel, workerPy }) {
  // The wheel and worker.py download while Pyodide boots.
  const wheelBytes = fetched(wheel, "bytes");
  const workerText = fetched(workerPy, "text");
  wheelBytes.catch(() => {});
  workerText.catch(() => {});
  step("python");
  const { loadPyodide } = await import(pyodideURL);
  const pyodide = await loadPyodide({ indexURL: new URL(".", pyodideURL).href });
  step("engine");
  // A wheel is a zip of the package's files: unpacked into site-packages, no micropip.
  const bytes = await wheelBytes;
  step("unpack");
  pyodide.unpackArchive(bytes, "wheel");
  step("run");
  const namespace = pyodide.globals.get("dict")();
  pyodide.runPython(await workerText, { globals: namespace, filename: "worker.py" });
  const exported = namespace.get("__export__").toJs();
  functions = {};
  for (const name of exported) functions[name] = namespace.get(name);
  const info = functions.ping();
  step("ready");
  return info;
}

function answer({ id, name, args }) {
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
      (info) => post({ type: "ready", info, timings }),
      (error) => post({ type: "failed", message: String((error && error.message) || error) }),
    );
  } else if (data.type === "call") {
    // A call sent before the engine is up waits for it (calls stay in order).
    if (booting) booting.then(() => answer(data));
    else answer(data);
  }
});
