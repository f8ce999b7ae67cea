// Lists the standard-library files the game's engine worker uses, into build/game-stdlib.txt
// (read by build_site.py, which ships python_stdlib.zip cut down to them for the game: issue 39,
// "less to download"; the full zip stays beside Pyodide for other pages).
//
//     node build/list-game-stdlib.mjs        (after `make wheel`; takes a few minutes)
//
// It boots Pyodide with the full standard library, does what engine-worker.js does (unpack
// the wheel, run worker.py as canasta_worker, which imports canasta.host), then plays whole
// games of every variant with every bot level, hints, saves, loads, refusals and an
// exception through worker.py, and writes the zip paths of every module then in
// sys.modules, plus EXTRA (modules a rarer path may import lazily). Run it again when
// Pyodide, worker.py or the engine's imports change; build_site.py refuses a list naming a
// file the zip does not hold.
import fs from "node:fs";
import path from "node:path";
import { boot, engineWheel, here, repo } from "./pyodide-boot.mjs";

const EXTRA = [
  "encodings/ascii.py", "encodings/latin_1.py", "encodings/utf_8_sig.py", "encodings/idna.py",
  "encodings/unicode_escape.py", "encodings/raw_unicode_escape.py", "encodings/utf_16.py",
  "encodings/utf_32.py", "copy.py", "datetime.py", "_pydatetime.py", "_strptime.py", "calendar.py",
  "pprint.py", "string/templatelib.py", "difflib.py", "bisect.py", "heapq.py",
];

const script = "list-game-stdlib";
const { pyodide } = await boot(script, [engineWheel(script)]);
pyodide.globals.set("WORKER_SOURCE", fs.readFileSync(path.join(repo, "web", "worker.py"), "utf8"));
const listed = pyodide.runPython(`
import json, sys, types
module = types.ModuleType("canasta_worker")
exec(compile(WORKER_SOURCE, "worker.py", "exec"), module.__dict__)
sys.modules["canasta_worker"] = module
w = module
w.catalog()
games = [(v, p, "good") for v, p in (("modern-american", 4), ("samba", 6), ("bolivia", 4), ("classic", 2), ("classic", 3))]
games += [("classic", 4, bot) for bot in ("beginner", "casual", "good", "expert")]
for variant, players, bot in games:
    options = {"variant": variant, "players": players, "seed": 3, "humans": [], "bot": bot, "expert_rollouts": 4}
    assert json.loads(w.new_game(json.dumps(options)))["ok"]
    for _ in range(5000):
        step = json.loads(w.bot_step())
        snap = step.get("snapshot") or step
        if not step.get("ok") or snap.get("game_over"):
            break
        if snap.get("hand_over"):
            w.next_hand()
    w.load(w.save())
w.new_game(json.dumps({"seed": 4}))
w.hint(0); w.snapshot(0); w.play(0, "nonsense"); w.act(0, "{}"); w.load("junk"); w._call("nope")
import canasta.host
def _boom():
    raise ValueError("a test of worker.py's exception path")
canasta.host._boom = _boom
w._call("_boom")
prefix = sys.prefix
files = sorted({m.__file__ for m in list(sys.modules.values()) if getattr(m, "__file__", None)})
json.dumps([f.split(".zip/", 1)[1] for f in files if ".zip/" in f])
`);
const files = [...new Set([...JSON.parse(listed), ...EXTRA])].sort();
const header = "# Standard-library files the game's engine worker uses (build/list-game-stdlib.mjs wrote this).\n";
fs.writeFileSync(path.join(here, "game-stdlib.txt"), header + files.join("\n") + "\n");
console.log(`${script}: ${files.length} files into build/game-stdlib.txt`);
