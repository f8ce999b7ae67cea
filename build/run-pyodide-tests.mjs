// Run the engine's tests inside Pyodide (CPython 3.14 compiled to wasm) under Node.
//
//   node build/run-pyodide-tests.mjs [pytest args...]   (default: tests/engine)
//
// Needs: build/node_modules/pyodide (`make pyodide`), the pure test wheels in
// build/cache/wheels-py314/ (`make pyodide`) and exactly one engine wheel
// dist/wheels/canasta-*.whl (`make wheel`).
//
// The repository is mounted with NODEFS at /repo and pytest runs there, but
// `canasta` is imported from the installed wheel in site-packages, never from
// pycore/: so a pass proves that the wheel itself works on Pyodide.
// Exits with pytest's exit code (5 = no tests collected is a failure too).

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, "..");
const testWheelDir = path.join(here, "cache", "wheels-py314");
const engineWheelDir = path.join(repo, "dist", "wheels");
const mountPoint = "/repo";

function fail(message) {
  process.stderr.write(`run-pyodide-tests: ${message}\n`);
  process.exit(2);
}

function wheelsIn(dir, prefix = "") {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".whl") && f.startsWith(prefix))
    .sort()
    .map((f) => path.join(dir, f));
}

const testWheels = wheelsIn(testWheelDir);
if (testWheels.length === 0) fail(`no test wheels in ${testWheelDir}: run \`make pyodide\``);
const engineWheels = wheelsIn(engineWheelDir, "canasta-");
if (engineWheels.length !== 1) {
  fail(`expected exactly one canasta-*.whl in ${engineWheelDir}, found ${engineWheels.length}: run \`make wheel\``);
}
for (const w of [...testWheels, ...engineWheels]) {
  if (!/-none-any\.whl$/.test(w)) fail(`not a pure wheel, cannot run in Pyodide: ${path.basename(w)}`);
}

const pytestArgs = process.argv.length > 2 ? process.argv.slice(2) : ["tests/engine"];
const write = (fd) => (bytes) => {
  fs.writeSync(fd, bytes);
  return bytes.length;
};
const secs = (t0) => ((performance.now() - t0) / 1000).toFixed(2);

const t0 = performance.now();
const pyodide = await loadPyodide({
  stdout: (line) => process.stdout.write(line + "\n"),
  stderr: (line) => process.stderr.write(line + "\n"),
});
// Unbuffered byte streams, so pytest's output reaches the terminal as it is written.
pyodide.setStdout({ write: write(1) });
pyodide.setStderr({ write: write(2) });
const tBoot = secs(t0);

const t1 = performance.now();
// Pure wheels load without micropip: loadPackage unpacks them into site-packages.
await pyodide.loadPackage([...testWheels, ...engineWheels], {
  messageCallback: () => {},
  errorCallback: (m) => process.stderr.write(m + "\n"),
});
const tInstall = secs(t1);

pyodide.FS.mkdirTree(mountPoint);
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: repo }, mountPoint);

// Timings go out before pytest runs, so pytest's summary stays the last line.
process.stderr.write(
  `run-pyodide-tests: boot ${tBoot} s, install ${testWheels.length + 1} wheels ${tInstall} s\n`,
);

pyodide.globals.set("pytest_args", pyodide.toPy(pytestArgs));
let code;
try {
  code = await pyodide.runPythonAsync(`
import os, sys
sys.dont_write_bytecode = True  # keep .pyc files out of the mounted work tree
os.chdir(${JSON.stringify(mountPoint)})

import canasta  # imported before pytest touches sys.path: this is the wheel's copy
print(f"Python {sys.version.split()[0]} on {sys.platform}; canasta {canasta.__version__} from {canasta.__file__}")
if "site-packages" not in canasta.__file__:
    raise SystemExit("canasta was not imported from the installed wheel")

import pytest
# -o pythonpath= : drop the [tool.pytest.ini_options] pythonpath (pycore/) that
# the CPython run uses, so nothing can shadow the wheel. (-q comes from addopts.)
int(pytest.main([*pytest_args, "-p", "no:cacheprovider", "-o", "pythonpath="]))
`);
} catch (err) {
  fail(String(err.message ?? err));
}
process.exit(code);
