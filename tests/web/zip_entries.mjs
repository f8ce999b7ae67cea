// Runs engine-worker.js's zipEntries (and its crc32) (the worker's reader of the compiled engine's zip) on
// the zip file named by argv[2] under Node, and prints what it read as JSON: {entries:
// [{name, size, sha256}]} or {error}. The function is taken from the worker's own source,
// so the test reads exactly what the page runs.
import { readFileSync } from "node:fs";
import { createHash } from "node:crypto";

const source = readFileSync(new URL("../../web/engine-worker.js", import.meta.url), "utf8");
const start = source.indexOf("let crcTable = null;");
const end = source.indexOf("\n}\n", source.indexOf("async function zipEntries("));
if (start < 0 || end < 0) throw new Error("zipEntries not found in web/engine-worker.js");
const zipEntries = new Function(source.slice(start, end + 2) + "\nreturn zipEntries;")();

const file = readFileSync(process.argv[2]);
const buffer = file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength);
try {
  const entries = await zipEntries(buffer);
  console.log(JSON.stringify({ entries: entries.map(({ name, data }) => ({
    name, size: data.length, sha256: createHash("sha256").update(data).digest("hex") })) }));
} catch (error) {
  console.log(JSON.stringify({ error: error.message }));
}
