// Run the engine's command line inside Pyodide under Node, from the built wheel:
//
//   node build/run-pyodide-cli.mjs bench --hands 100
//
// The same `python -m canasta ...` as on CPython (bench, simulate, scenario with
// paths under the repository, which is mounted at /repo); exits with its code.

import { boot, engineWheel, repo, secs } from "./pyodide-boot.mjs";

const script = "run-pyodide-cli";
const args = process.argv.slice(2);
const { pyodide, bootSeconds, installSeconds } = await boot(script, [engineWheel(script)]);
pyodide.FS.mkdirTree("/repo");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: repo }, "/repo");
process.stderr.write(`${script}: Pyodide boot ${bootSeconds} s, wheel install ${installSeconds} s\n`);
pyodide.globals.set("cli_args", pyodide.toPy(args));
const t0 = performance.now();
const code = await pyodide.runPythonAsync(`
import os, sys
sys.dont_write_bytecode = True
os.chdir("/repo")
print(f"Python {sys.version.split()[0]} on {sys.platform}")
from canasta.__main__ import main
main(list(cli_args))
`);
process.stderr.write(`${script}: ran in ${secs(t0)} s\n`);
process.exit(code);
