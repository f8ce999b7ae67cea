// The engine bridge on the page: starts the engine worker (engine-worker.js: Pyodide, the
// canasta wheel and worker.py) as soon as the page's <head> is parsed, before PyScript and
// the MicroPython UI load, so that booting Pyodide (the long part of a start) overlaps
// with everything else. A plain module worker, not a PyScript worker: it needs no
// PyScript bootstrap of its own, and the page's CSP needs no blob: workers for it.
//
// For the Python UI (main.py, ui_app.py):
//   window.canastaEngine.ready          Promise of ping()'s JSON string once the engine is up;
//                                        rejects with the reason if it cannot start
//   window.canastaEngine.call(name, ...args)   Promise of the JSON string worker.py's
//                                        function `name` returned (calls run one at a time,
//                                        in order)
//   window.canastaEngine.progress       the last boot step reached ("python", "restore",
//                                        "engine", ...), also dispatched as the window event
//                                        "canasta:progress"
//   window.canastaEngine.boot           once ready: {from: "snapshot" | "normal", discarded:
//                                        why a stored snapshot was not used, or null, stored:
//                                        null until a new snapshot was stored ("stored") or
//                                        refused ("failed: ..."), wasm: "early" when Pyodide
//                                        used the module the worker compiled at its start,
//                                        "pyodide" when it compiled its own}; the window event
//                                        "canasta:snapshot" tells when `stored` is set
//
// Return visits boot from a memory snapshot of the engine (engine-worker.js makes it after
// a normal boot, when idle). It is kept in the origin's private file system (OPFS), under a
// key naming the Pyodide version and the hashes of the wheel and worker.py
// (data-snapshot-key, from the build): another build never finds it. A new snapshot is
// restored once in a helper worker before it counts as stored (verifySnapshot). A snapshot that is
// missing, unreadable or refused by the worker is deleted and the normal boot runs; storage
// that is absent, full or refuses only means no snapshot. The page stores it and deletes a
// refused one (the bytes cross by transfer, not by copy); the worker reads it, the file's
// directory and name in its init message.
// Paths come from this script tag's data-* attributes (filled in by build/build_site.py).
(() => {
  "use strict";
  const script = document.currentScript;
  const url = (name) => new URL(script.dataset[name], document.baseURI).href;

  let readyResolve, readyReject;
  const ready = new Promise((resolve, reject) => { readyResolve = resolve; readyReject = reject; });
  const pending = new Map();
  let nextId = 1;
  let failure = null;

  const fail = (reason) => {
    if (failure) return;
    failure = String(reason);
    readyReject(new Error(failure));
    for (const { reject } of pending.values()) reject(new Error(failure));
    pending.clear();
  };

  const engine = {
    ready,
    progress: "start",
    boot: null,
    call(name, ...args) {
      if (failure) return Promise.reject(new Error(failure));
      // Posted once the engine is up: a start may be retried in a new worker.
      return ready.then(() => new Promise((resolve, reject) => {
        const id = nextId++;
        pending.set(id, { resolve, reject });
        worker.postMessage({ type: "call", id, name, args });
      }));
    },
  };
  window.canastaEngine = engine;

  // engine.helper(): a second engine worker for work in the background (the duplicate
  // result's expert, issue 41), so that the player's engine never waits for it: the same
  // worker script, booted from the stored snapshot when there is one (it makes none), with
  // {ready, call(name, ...args), terminate()}; terminate() ends it and rejects its calls.
  // engine.helper({restoreOnly: true}): one that boots from the stored snapshot or fails
  // (its ready rejects with the reason), never normally.
  engine.helper = ({ restoreOnly = false } = {}) => {
    const helper = new Worker(new URL("./engine-worker.js", document.baseURI), { type: "module" });
    const calls = new Map();
    let id = 0;
    let up, down;
    const helperReady = new Promise((resolve, reject) => { up = resolve; down = reject; });
    helperReady.catch(() => {});
    helper.addEventListener("message", (event) => {
      const data = event.data || {};
      if (data.type === "ready") up(data.info);
      else if (data.type === "failed") down(new Error(data.message));
      else if (data.type === "result") {
        const call = calls.get(data.id);
        if (!call) return;
        calls.delete(data.id);
        if (data.ok) call.resolve(data.value);
        else call.reject(new Error(data.message));
      }
    });
    helper.addEventListener("error", (event) => down(new Error(event.message || "the helper worker failed")));
    helper.postMessage({ ...initMessage(false), makeSnapshot: false, restoreOnly });
    return {
      ready: helperReady,
      call: (name, ...args) => helperReady.then(() => new Promise((resolve, reject) => {
        id += 1;
        calls.set(id, { resolve, reject });
        helper.postMessage({ type: "call", id, name, args });
      })),
      terminate: () => {
        helper.terminate();
        down(new Error("terminated"));
        for (const call of calls.values()) call.reject(new Error("terminated"));
        calls.clear();
      },
    };
  };

  // The snapshot store: one file, ./<key>.heap in the directory "engine-snapshot" of the
  // origin's private file system (OPFS), which the worker reads with a synchronous handle
  // (engine-worker.js, readStored). Storage a page may not use (no OPFS, or refused) means
  // no snapshot.
  const SNAPSHOT_DIR = "engine-snapshot";
  const snapshotKey = script.dataset.snapshotKey || "";
  const snapshotName = snapshotKey + ".heap";
  const fileSystem = (() => {
    try {
      return navigator.storage && typeof navigator.storage.getDirectory === "function" ? navigator.storage : null;
    } catch (error) {
      return null;
    }
  })();
  const snapshots = async () => {
    if (!snapshotKey || !fileSystem) throw new Error("no file system");
    return (await fileSystem.getDirectory()).getDirectoryHandle(SNAPSHOT_DIR, { create: true });
  };
  const snapshotEntry = snapshotKey && fileSystem ? { dir: SNAPSHOT_DIR, name: snapshotName } : null;
  const discardSnapshot = () => snapshots().then((dir) => dir.removeEntry(snapshotName)).catch(() => false);
  const storeSnapshot = async (bytes) => {
    const dir = await snapshots();
    const others = [];
    // Other builds' (not this one's, nor the swap file another page of the origin, such as an
    // embedded example, may be writing it through: Chromium lists it as <name>.crswap).
    for await (const name of dir.keys()) if (!name.startsWith(snapshotName)) others.push(name);
    for (const name of others) await dir.removeEntry(name).catch(() => {});
    // Written whole, then swapped in by close(): a write that fails leaves no half file.
    const writable = await (await dir.getFileHandle(snapshotName, { create: true })).createWritable();
    try {
      await writable.write(bytes);
    } catch (error) {
      await writable.abort().catch(() => {});
      throw error;
    }
    await writable.close();
  };
  // Builds before OPFS kept it in the Cache API: 15 MB no build reads any more.
  const dropCacheAPICopy = () => {
    try {
      if (window.caches) window.caches.delete("engine-snapshot").catch(() => {});
    } catch (error) { /* no Cache API: nothing to drop */ }
  };
  // A snapshot just stored is restored once, in a helper that is then ended, before it is
  // called stored: one that does not restore is deleted now, instead of costing the next
  // visit a failed restore before its normal boot. That restore is also the second run of
  // pyodide.asm.mjs (1.25 MB of JavaScript), after which Chromium keeps V8's code cache of
  // it: the next visit uses that cache instead of parsing and compiling it again (issue 39,
  // A/B of return visits, 4 rounds: playable 706 ms with this, 817 ms without). A check that
  // never answers (VERIFY_MS) leaves the snapshot kept: the next visit can still fall back.
  const VERIFY_MS = 30000;
  const verifySnapshot = () => {
    const check = engine.helper({ restoreOnly: true });
    let timer;
    const late = new Promise((resolve) => { timer = setTimeout(resolve, VERIFY_MS); });
    return Promise.race([check.ready, late.then(() => console.warn("engine snapshot not checked: no answer in " + VERIFY_MS + " ms"))])
      .finally(() => { clearTimeout(timer); check.terminate(); });
  };
  const stored = (state) => {
    if (engine.boot) engine.boot.stored = state;
    window.dispatchEvent(new CustomEvent("canasta:snapshot", { detail: state }));
  };

  // Offline, Pyodide's files are asked for under ./offline/ (the service worker answers
  // that path from its precache; online it leaves ./pyodide/ to the HTTP cache). A start
  // that fails is retried once that way: "online" is not always true.
  let worker = null;
  const initMessage = (offline) => ({
    type: "init",
    pyodide: offline ? new URL("./offline/" + script.dataset.pyodide.replace(/^\.\//, ""), document.baseURI).href
      : url("pyodide"),
    wheel: url("wheel"),
    pyc: script.dataset.pyc ? url("pyc") : null,
    workerPy: url("workerPy"),
    stdlib: script.dataset.stdlib ? url("stdlib") : null,
    snapshot: snapshotEntry,
  });
  let retried = !navigator.onLine;
  const start = (offline) => {
    worker = new Worker(new URL("./engine-worker.js", document.baseURI), { type: "module" });
    worker.addEventListener("message", onMessage);
    worker.addEventListener("error", onError);
    worker.postMessage({ ...initMessage(offline), makeSnapshot: !!snapshotEntry });
  };
  const retry = (reason) => {
    if (retried || !("serviceWorker" in navigator) || !navigator.serviceWorker.controller) return false;
    retried = true;
    console.warn("engine worker failed to start (" + reason + "): retrying from the offline copy");
    worker.terminate();
    start(true);
    return true;
  };
  const onMessage = (event) => {
    const data = event.data || {};
    if (data.type === "result") {
      const call = pending.get(data.id);
      if (!call) return;
      pending.delete(data.id);
      if (data.ok) call.resolve(data.value);
      else call.reject(new Error(data.message));
    } else if (data.type === "progress") {
      engine.progress = data.step;
      window.dispatchEvent(new CustomEvent("canasta:progress", { detail: data.step }));
    } else if (data.type === "ready") {
      engine.boot = { from: data.boot, discarded: data.discarded || null, stored: null, wasm: data.wasm || null };
      if (data.discarded) {
        console.warn("engine snapshot discarded (" + data.discarded + "): booted normally");
        discardSnapshot();
      }
      readyResolve(data.info);
      if (data.boot === "normal" && !fileSystem) stored("failed: no file system");
    } else if (data.type === "snapshot-made") {
      if (!data.bytes) { stored("failed: " + data.message); return; }
      storeSnapshot(data.bytes).then(
        () => {
          dropCacheAPICopy();
          return verifySnapshot().then(
            () => stored("stored"),
            (error) => {
              console.warn("engine snapshot does not restore (" + error.message + "): deleted");
              return discardSnapshot().then(() => stored("failed: does not restore: " + error.message));
            },
          );
        },
        (error) => {
          console.warn("engine snapshot not stored:", error);
          discardSnapshot();
          stored("failed: " + ((error && error.name) || error));
        },
      );
    } else if (data.type === "failed") {
      if (retry(data.message)) return;
      console.error("engine worker failed to start:", data.message);
      fail(data.message);
    }
  };
  const onError = (event) => {
    if (retry(event.message || "error")) return;
    console.error("engine worker error:", event.message || event);
    fail(event.message || "the engine worker could not be loaded");
  };
  start(!navigator.onLine);

  // On a return visit the UI's files (data-preloads, listed by the build: what mpy.json lists
  // and main.py) are asked for once the page is parsed (its own scripts first: the start
  // screen's buttons are not delayed), not one by one once MicroPython is up: the service
  // worker answers them from its cache while MicroPython starts. Not on a first visit, where
  // they would queue ahead of the worker's own files on the host's few connections (issue
  // 39). Each is the request PyScript's fetch() makes (cors mode), so it is reused.
  if ("serviceWorker" in navigator && navigator.serviceWorker.controller) document.addEventListener("DOMContentLoaded", () => {
    for (const href of (script.dataset.preloads || "").split(" ").filter(Boolean)) {
      const link = document.createElement("link");
      link.rel = "preload";
      link.as = "fetch";
      link.crossOrigin = "anonymous";
      link.href = href;
      document.head.appendChild(link);
    }
  }, { once: true });
})();
