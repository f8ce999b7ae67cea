// Run a Python script under MicroPython (the page's UI runtime, from build/node_modules),
// with the UI modules of web/ and its i18n catalogs in MicroPython's file system.
//   node tests/web/run_micropython.mjs SCRIPT.py [HOST_FILE=MP_PATH ...]
// Extra files are copied into MicroPython's file system. Prints what the script prints;
// exits 1 if it raised.
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const repo = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const { loadMicroPython } = await import(
  join(repo, "build/node_modules/@micropython/micropython-webassembly-pyscript/micropython.mjs")
);
const mp = await loadMicroPython({ stdout: (line) => console.log(line), stderr: (line) => console.error(line) });
const web = join(repo, "web");
for (const name of readdirSync(web)) {
  if (name.startsWith("ui_") && name.endsWith(".py")) mp.FS.writeFile("/" + name, readFileSync(join(web, name)));
}
// The engine's protocol module, as the site's build ships it beside the UI (protocol.py).
mp.FS.writeFile("/protocol.py", readFileSync(join(repo, "pycore", "canasta", "protocol.py")));
mp.FS.mkdir("/i18n");
for (const name of readdirSync(join(web, "i18n"))) {
  mp.FS.writeFile("/i18n/" + name, readFileSync(join(web, "i18n", name)));
}
for (const spec of process.argv.slice(3)) {
  const [from, to] = spec.split("=");
  mp.FS.writeFile(to, readFileSync(from));
}
try {
  await mp.runPythonAsync(readFileSync(process.argv[2], "utf8"));
} catch (error) {
  console.error(String(error && error.message ? error.message : error));
  process.exit(1);
}
