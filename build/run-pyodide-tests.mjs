// Run the engine's tests inside Pyodide (CPython 3.14 compiled to wasm) under Node.
//
//   node build/run-pyodide-tests.mjs [--shards=N] [pytest args...]
//       (default args: tests/engine -m "not simulation")
//
// Needs: build/node_modules/pyodide (`make pyodide`), the pure test wheels in
// build/cache/wheels-py314/ (`make pyodide`) and exactly one engine wheel
// dist/wheels/canasta-*.whl (`make wheel`).
//
// The repository is mounted with NODEFS at /repo and pytest runs there, but
// `canasta` is imported from the installed wheel in site-packages, never from
// pycore/: so a pass proves that the wheel itself works on Pyodide.
//
// --shards=N runs N Node processes at once, each with its own Pyodide and every N-th test
// (build/pytest_shard.py): Pyodide uses one core, and `make test-pyodide` has two.
// Their lines are prefixed [K/N]; each shard's pytest summary is repeated at the end.
// Exits with pytest's exit code (5 = no tests collected is a failure too); with shards,
// the first shard's code that is neither 0 nor 5, else 5 if every shard collected nothing,
// else 0.

import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { boot, engineWheel, fail as failWith, repo, secs, testWheelDir, wheelsIn } from "./pyodide-boot.mjs";

const script = "run-pyodide-tests";
const fail = (message) => failWith(script, message);
const mountPoint = "/repo";

const testWheels = wheelsIn(testWheelDir);
if (testWheels.length === 0) fail(`no test wheels in ${testWheelDir}: run \`make pyodide\``);
const engineWheels = [engineWheel(script)];

// Our own options come first and are not pytest's.
let args = process.argv.slice(2);
let shards = 1;
let shard = null;
while (args.length > 0 && /^--shards?=/.test(args[0])) {
  const [name, value] = args[0].split("=");
  if (name === "--shards") {
    shards = Number(value);
    if (!Number.isInteger(shards) || shards < 1) fail(`--shards=${value}: expected a whole number of shards, 1 or more`);
  } else {
    shard = value; // set by runShards; build/pytest_shard.py's Shard.parse refuses a bad one
  }
  args = args.slice(1);
}
if (shards > 1) process.exit(await runShards(shards, args));

// By default the long simulations stay on CPython (tests/engine/conftest.py).
const pytestArgs = args.length > 0 ? args : ["tests/engine", "-m", "not simulation"];
const { pyodide, bootSeconds: tBoot, installSeconds: tInstall } = await boot(script, [...testWheels, ...engineWheels]);

pyodide.FS.mkdirTree(mountPoint);
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: repo }, mountPoint);

// Timings go out before pytest runs, so pytest's summary stays the last line.
process.stderr.write(
  `run-pyodide-tests: boot ${tBoot} s, install ${testWheels.length + 1} wheels ${tInstall} s\n`,
);

pyodide.globals.set("pytest_args", pyodide.toPy(pytestArgs));
pyodide.globals.set("shard", shard ?? ""); // "" for none: a JS null would reach Python as JsNull
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
plugins = []
if shard:
    sys.path.insert(0, ${JSON.stringify(mountPoint + "/build")})
    from pytest_shard import Shard
    plugins.append(Shard.parse(shard))
    del sys.path[0]
# -o pythonpath= : drop the [tool.pytest.ini_options] pythonpath (pycore/) that
# the CPython run uses, so nothing can shadow the wheel. (-q comes from addopts.)
int(pytest.main([*pytest_args, "-p", "no:cacheprovider", "-o", "pythonpath="], plugins=plugins))
`);
} catch (err) {
  fail(String(err.message ?? err));
}
process.exit(code);

/** Run this script once per shard, all at once; resolve to the exit code to use. */
async function runShards(count, rest) {
  const t0 = performance.now();
  const self = fileURLToPath(import.meta.url);
  const runs = [];
  for (let k = 1; k <= count; k++) {
    const tag = `[${k}/${count}]`;
    runs.push(
      new Promise((resolve) => {
        const child = spawn(process.execPath, [self, `--shard=${k}/${count}`, ...rest], {
          stdio: ["ignore", "pipe", "pipe"],
        });
        let last = ""; // the last line on stdout: pytest's summary
        const relay = (stream, out) => {
          let pending = "";
          const emit = (line) => {
            out.write(`${tag} ${line}\n`);
            if (out === process.stdout && line.trim()) last = line.trim();
          };
          stream.setEncoding("utf8");
          stream.on("data", (chunk) => {
            const lines = (pending + chunk).split("\n");
            pending = lines.pop();
            lines.forEach(emit);
          });
          stream.on("end", () => pending && emit(pending));
        };
        relay(child.stdout, process.stdout);
        relay(child.stderr, process.stderr);
        child.on("close", (code, signal) => resolve({ tag, code: code ?? 1, signal, last }));
      }),
    );
  }
  const done = await Promise.all(runs);
  process.stdout.write(`run-pyodide-tests: ${count} shards in ${secs(t0)} s\n`);
  for (const { tag, code, signal, last } of done) {
    process.stdout.write(`${tag} exit ${signal ?? code}: ${last}\n`);
  }
  // A shard left with no test (exit 5: fewer tests than shards) is no failure while
  // another ran some; every shard empty is pytest's "no tests collected".
  const failed = done.find(({ code }) => code !== 0 && code !== 5);
  if (failed) return failed.code;
  return done.every(({ code }) => code === 5) ? 5 : 0;
}
