// Shared by the Node scripts that run the engine inside Pyodide: find the wheels,
// boot Pyodide from build/node_modules/pyodide, install pure wheels without micropip.

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

export const here = path.dirname(fileURLToPath(import.meta.url));
export const repo = path.resolve(here, "..");
export const testWheelDir = path.join(here, "cache", "wheels-py314");
export const engineWheelDir = path.join(repo, "dist", "wheels");

export function fail(script, message) {
  process.stderr.write(`${script}: ${message}\n`);
  process.exit(2);
}

export function wheelsIn(dir, prefix = "") {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".whl") && f.startsWith(prefix))
    .sort()
    .map((f) => path.join(dir, f));
}

/** The one engine wheel (dist/wheels/canasta-*.whl), or exit with a message. */
export function engineWheel(script) {
  const found = wheelsIn(engineWheelDir, "canasta-");
  if (found.length !== 1) {
    fail(script, `expected exactly one canasta-*.whl in ${engineWheelDir}, found ${found.length}: run \`make wheel\``);
  }
  return found[0];
}

export const secs = (t0) => ((performance.now() - t0) / 1000).toFixed(2);

/** Boot Pyodide with unbuffered stdout/stderr and install the given pure wheels. */
export async function boot(script, wheels) {
  for (const w of wheels) {
    if (!/-none-any\.whl$/.test(w)) fail(script, `not a pure wheel, cannot run in Pyodide: ${path.basename(w)}`);
  }
  const write = (fd) => (bytes) => {
    fs.writeSync(fd, bytes);
    return bytes.length;
  };
  const t0 = performance.now();
  const pyodide = await loadPyodide({
    stdout: (line) => process.stdout.write(line + "\n"),
    stderr: (line) => process.stderr.write(line + "\n"),
  });
  pyodide.setStdout({ write: write(1) });
  pyodide.setStderr({ write: write(2) });
  const bootSeconds = secs(t0);
  const t1 = performance.now();
  // Pure wheels load without micropip: loadPackage unpacks them into site-packages.
  await pyodide.loadPackage(wheels, {
    messageCallback: () => {},
    errorCallback: (m) => process.stderr.write(m + "\n"),
  });
  return { pyodide, bootSeconds, installSeconds: secs(t1) };
}

/** Put build/pyc_compile.py (the bytecode Pyodide's Python writes for the site) on the
 * Python path of `pyodide`, for compile-engine.mjs and compile-stdlib.mjs. */
export function installPycCompile(pyodide) {
  pyodide.FS.mkdirTree("/build-tools");
  pyodide.FS.writeFile("/build-tools/pyc_compile.py", fs.readFileSync(path.join(here, "pyc_compile.py")));
  pyodide.runPython(`import sys; sys.path.insert(0, "/build-tools")`);
}
