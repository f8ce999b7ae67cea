// Measures, inside Pyodide under Node, what `import canasta.host` costs the engine worker:
// the whole import, the share spent compiling sources, and each top-level module's own time.
// Usage: node build/measure-import.mjs [module ...]   (prints milliseconds)
import fs from "node:fs";
import path from "node:path";
import { loadPyodide } from "pyodide";
import { repo } from "./pyodide-boot.mjs";

const pyodide = await loadPyodide();
const site = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
const src = path.join(repo, "pycore", "canasta");
const copy = (from, to) => {
  pyodide.FS.mkdirTree(to);
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    if (entry.name === "__pycache__") continue;
    if (entry.isDirectory()) copy(path.join(from, entry.name), `${to}/${entry.name}`);
    else pyodide.FS.writeFile(`${to}/${entry.name}`, fs.readFileSync(path.join(from, entry.name)));
  }
};
copy(src, `${site}/canasta`);
// --pyc: compile every module to __pycache__ first (as a wheel shipping .pyc would), so the
// import reads bytecode instead of compiling sources.
const pyc = process.argv.includes("--pyc");
const order = process.argv.slice(2).filter((a) => !a.startsWith("--"));
if (pyc) pyodide.runPython(`import compileall, sysconfig; compileall.compile_dir(sysconfig.get_paths()['purelib'] + '/canasta', quiet=1)`);
const out = pyodide.runPython(`
import sys, time, pathlib, json
sys.dont_write_bytecode = True
root = pathlib.Path(${JSON.stringify(site)}) / "canasta"
compile_all = 0.0
for f in sorted(root.rglob("*.py")):
    text = f.read_text()
    t = time.perf_counter()
    compile(text, str(f), "exec")
    compile_all += (time.perf_counter() - t) * 1000
steps = {}
for name in ${JSON.stringify(order)} + ["canasta.host"]:
    t = time.perf_counter()
    __import__(name)
    steps[name] = round((time.perf_counter() - t) * 1000)
loaded = sorted(m for m in sys.modules if m.startswith("canasta"))
json.dumps({"compile_all_sources_ms": round(compile_all), "import_ms": steps, "modules": len(loaded)})
`);
console.log(out);
