// The game's standard library as the engine worker's Pyodide loads it: every module of the
// cut-down python_stdlib.zip (build_site.write_game_stdlib) compiled by Pyodide's own
// Python into sourceless .pyc files (build/pyc_compile.py: lines kept, columns dropped), so
// that a first visit's boot reads bytecode instead of compiling some 140 modules (issue 39).
// Entries keep their order, dates and modes: one input always gives the same bytes.
// Usage: node build/compile-stdlib.mjs IN.zip OUT.zip [NAME.py...]   (run by build/build_site.py;
// the names stay sources: STDLIB_SOURCES)
import fs from "node:fs";
import { loadPyodide } from "pyodide";
import { fail, installPycCompile } from "./pyodide-boot.mjs";

const [input, out, ...sources] = process.argv.slice(2);
if (!input || !out) fail("compile-stdlib.mjs", "usage: node build/compile-stdlib.mjs IN.zip OUT.zip");
const pyodide = await loadPyodide();
pyodide.FS.writeFile("/tmp/in.zip", fs.readFileSync(input));
installPycCompile(pyodide);
pyodide.globals.set("SOURCES", JSON.stringify(sources));
const report = pyodide.runPython(`
import json, sys
import pyc_compile
# where Pyodide mounts its standard library: the names a source import gives its code
prefix = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip/"
compiled, kept = pyc_compile.compile_zip("/tmp/in.zip", "/tmp/out.zip", prefix, frozenset(json.loads(SOURCES)))
json.dumps({"compiled": compiled, "kept": kept})
`);
const { compiled, kept } = JSON.parse(report);
if (!compiled) fail("compile-stdlib.mjs", `no module of ${input} was compiled`);
if (kept.length) process.stderr.write(`compile-stdlib.mjs: kept as sources (Pyodide cannot compile them): ${kept.join(", ")}\n`);
fs.writeFileSync(out, pyodide.FS.readFile("/tmp/out.zip"));
