// The engine as the engine worker loads it: the wheel's modules compiled by Pyodide's own
// Python (its .pyc magic number) into a zip of sourceless .pyc files (canasta/host.pyc
// beside where host.py would be, PEP 3147's legacy layout), with the package's other
// files. engine-worker.js imports it (zipimport) instead of the wheel, so that importing canasta.host
// reads bytecode instead of compiling some 40 sources in the browser: measured under Node
// (build/measure-import.mjs), about 0.24 s of imports fell to 0.07 s. It is no bigger than
// a wheel would be with its bytecode beside the sources, and the first visit downloads one
// or the other, not both (the wheel stays in the site for pages elsewhere, fetched on use).
// A traceback from it names files and lines, without the source text.
// canasta/lab (terminal tools the worker never imports) stays out. Entries are sorted with
// a fixed date, so one wheel always gives the same bytes.
// Usage: node build/compile-engine.mjs WHEEL OUT.zip   (run by build/build_site.py)
import fs from "node:fs";
import { loadPyodide } from "pyodide";
import { fail, installPycCompile } from "./pyodide-boot.mjs";

const [wheel, out] = process.argv.slice(2);
if (!wheel || !out) fail("compile-engine.mjs", "usage: node build/compile-engine.mjs WHEEL OUT.zip");
const pyodide = await loadPyodide();
pyodide.unpackArchive(new Uint8Array(fs.readFileSync(wheel)), "wheel");
installPycCompile(pyodide);
pyodide.runPython(`
import ast, io, pathlib, zipfile
from pyc_compile import pyc

def without_docstrings(tree):
    # Module and function docstrings go (about 0.1 MB of the download; the engine never
    # reads __doc__); class docstrings stay: a dataclass without one computes its signature
    # for __doc__ at import, which would cost time.
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                if len(body) == 1:
                    body[0] = ast.Pass()
                else:
                    del body[0]
    return ast.fix_missing_locations(tree)

# unpackArchive puts a wheel in the working directory (on sys.path), as in the worker
site = pathlib.Path.cwd()
package = site / "canasta"
for source in sorted(package.rglob("*.py")):
    text = source.read_bytes()
    code = compile(without_docstrings(ast.parse(text)), str(source.relative_to(site)), "exec", dont_inherit=True)
    # hash-based (PEP 552), unchecked, lines without columns (build/pyc_compile.py)
    source.with_suffix(".pyc").write_bytes(pyc(code, text))
buffer = io.BytesIO()
with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
    for path in sorted(p for p in package.rglob("*") if p.is_file()):
        if path.suffix == ".py" or "__pycache__" in path.parts or path.is_relative_to(package / "lab"):
            continue
        entry = zipfile.ZipInfo(str(path.relative_to(site)), date_time=(1980, 1, 1, 0, 0, 0))
        entry.compress_type = zipfile.ZIP_DEFLATED
        entry.external_attr = 0o644 << 16
        archive.writestr(entry, path.read_bytes())
pathlib.Path("/tmp/canasta-pyc.zip").write_bytes(buffer.getvalue())
`);
fs.writeFileSync(out, pyodide.FS.readFile("/tmp/canasta-pyc.zip"));
