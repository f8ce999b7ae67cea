// Run the engine's tests inside Pyodide (CPython 3.14 compiled to wasm) under Node.
//
//   node build/run-pyodide-tests.mjs [pytest args...]   (default: tests/engine -m "not simulation")
//
// Needs: build/node_modules/pyodide (`make pyodide`), the pure test wheels in
// build/cache/wheels-py314/ (`make pyodide`) and exactly one engine wheel
// dist/wheels/canasta-*.whl (`make wheel`).
//
// The repository is mounted with NODEFS at /repo and pytest runs there, but
// `canasta` is imported from the installed wheel in site-packages, never from
// pycore/: so a pass proves that the wheel itself works on Pyodide.
// Exits with pytest's exit code (5 = no tests collected is a failure too).

import { boot, engineWheel, fail as failWith, repo, testWheelDir, wheelsIn } from "./pyodide-boot.mjs";

const script = "run-pyodide-tests";
const fail = (message) => failWith(script, message);
const mountPoint = "/repo";

const testWheels = wheelsIn(testWheelDir);
if (testWheels.length === 0) fail(`no test wheels in ${testWheelDir}: run \`make pyodide\``);
const engineWheels = [engineWheel(script)];

// By default the long simulations stay on CPython (tests/engine/conftest.py).
const pytestArgs = process.argv.length > 2 ? process.argv.slice(2) : ["tests/engine", "-m", "not simulation"];
const { pyodide, bootSeconds: tBoot, installSeconds: tInstall } = await boot(script, [...testWheels, ...engineWheels]);

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
