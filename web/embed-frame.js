// The embed page's script (embed.html): one live rule example, drawn from the stills the
// build rendered with the engine (examples/<family>/<name>.frames.json), stepped like a
// move list. No Python loads here.
//
// URL: ?ex=<family>/<name> (a shipped example) or #ex=<an example written into the link:
//      canasta.examples.encode, python -m canasta example --encode>, &lang=en|fr,
//      &theme=dark|light|auto, &compact=1, &mode=show (the position only), &preload=1 (a
//      try loads its engine once the page is idle, not when the reader presses "Try it"),
//      &origin=<the host page's origin> (set by embed.js; messages to the host go there).
// Messages to the host page (window.parent), each {source: "canasta-example", type, ...}:
//   ready  {id, mode, steps}          the example is drawn
//   height {height}                   the content's height in CSS pixels (on every change)
//   step   {index, count, action}     a still is shown (0: the position)
//   error  {code}                     the example cannot be shown (the frame says why)
//   verdict {verdict, tries}           the engine judged the reader's action (a try, a puzzle)
//   solved {tries}                     the reader reached the goal
// Messages from the host (only from window.parent, and from the origin given in the URL):
//   {target: "canasta-example", type: "step", index}    show that still
(() => {
  "use strict";
  const params = new URLSearchParams(location.search);
  const LANGS = ["en", "fr"];
  const THEMES = ["dark", "light", "auto"];
  const ID = /^[a-z0-9-]{1,40}\/[a-z0-9-]{1,60}$/;
  const lang = LANGS.includes(params.get("lang")) ? params.get("lang")
    : (navigator.language || "en").toLowerCase().startsWith("fr") ? "fr" : "en";
  const theme = THEMES.includes(params.get("theme")) ? params.get("theme") : "dark";
  // &mode=show: the position only (no steps, no trying), whatever the example's own mode
  const showOnly = params.get("mode") === "show";
  const id = params.get("ex") || "";
  let hostOrigin = null;
  try {
    const given = params.get("origin");
    hostOrigin = given ? new URL(given).origin : null;
  } catch (error) {
    hostOrigin = null;
  }
  const $ = (name) => document.getElementById(name);
  let texts = {};
  let example = null;
  let shown = 0;
  let timer = null;
  let live = false;

  const post = (type, data) => {
    if (window.parent === window) return;
    // Nothing secret is sent; the host's origin, when known, is the only receiver.
    window.parent.postMessage({ source: "canasta-example", type, id, ...data }, hostOrigin || "*");
  };
  const t = (key, values = {}) => {
    let text = (texts.embed && texts.embed[key]) || key;
    for (const [name, value] of Object.entries(values)) text = text.split("{" + name + "}").join(String(value));
    return text;
  };
  // Times (ms since this frame's navigation) for tools/bench_embed.py: drawn, try, live,
  // verdict; the first of each is kept.
  const mark = (name) => {
    if (!document.body.dataset[name]) document.body.dataset[name] = String(Math.round(performance.now()));
  };
  const reportHeight = () => post("height", { height: Math.ceil(document.documentElement.scrollHeight) });

  const fail = (key, values, code) => {
    const box = $("example");
    box.innerHTML = "";
    const p = document.createElement("p");
    p.className = "error";
    p.setAttribute("role", "alert");
    p.textContent = t(key, values);
    box.appendChild(p);
    post("error", { code });
    reportHeight();
  };

  const button = (act, label, enabled) => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "btn small";
    b.dataset.act = act;
    b.id = "ex-" + act;
    b.textContent = label;
    if (!enabled) b.setAttribute("aria-disabled", "true");
    return b;
  };

  const controls = () => {
    const box = $("ex-controls");
    box.innerHTML = "";
    const last = example.frames.length - 1;
    if (last === 0 || showOnly) return;
    if (example.mode === "demo") {
      box.append(button("first", t("first"), shown > 0), button("back", t("back"), shown > 0),
        button("play", timer ? t("pause") : t("play"), true), button("next", t("next"), shown < last),
        button("last", t("last"), shown < last));
      const step = document.createElement("span");
      step.className = "step";
      step.textContent = t("step", { n: shown, count: last });
      box.append(step);
    } else if (!live) {
      const tryIt = button("try", t("try"), true);
      tryIt.classList.add("primary");
      box.append(tryIt, shown < last ? button("next", t("show_me"), true) : button("first", t("again"), true));
    }
  };

  // The engine (Pyodide, in a worker) and the live table (embed_ui.py, MicroPython): loaded
  // when the reader tries an example, or at once for an example written into the link
  // (no stills were rendered for it: the engine draws it).
  let runtime = false;
  const loadRuntime = () => {
    if (runtime) return;
    runtime = true;
    const cfg = $("example").dataset;
    const css = document.createElement("link");
    css.rel = "stylesheet";
    css.href = cfg.pyscriptCss;
    const engine = document.createElement("script");
    engine.src = cfg.engine;
    engine.dataset.pyodide = cfg.pyodide;
    engine.dataset.wheel = cfg.wheel;
    if (cfg.pyc) engine.dataset.pyc = cfg.pyc;
    engine.dataset.workerPy = cfg.workerPy;
    engine.dataset.stdlib = cfg.stdlib;
    engine.dataset.snapshotKey = cfg.snapshotKey;
    const core = document.createElement("script");
    core.type = "module";
    core.src = cfg.pyscript;
    const ui = document.createElement("script");
    ui.type = "mpy";
    ui.src = "./embed_ui.py";
    ui.setAttribute("config", "./embed-mpy.json");
    document.head.append(css, engine, core);
    document.body.append(ui);
  };

  // A try or a puzzle: the reader acts on the table, the engine judges.
  const startLive = () => {
    if (live) return;
    live = true;
    stop();
    mark("tryAt");
    document.body.dataset.live = "starting";
    show(0);
    document.body.dataset.example = id;
    $("ex-caption").textContent = t("starting");
    if (runtime) window.dispatchEvent(new Event("canasta:try"));
    else loadRuntime();
  };
  // An example from the link, drawn by the engine (embed_ui.py): its stills arrive here.
  window.addEventListener("canasta:frames", () => {
    example = JSON.parse(window.canastaExampleJSON);
    ready();
  });
  window.addEventListener("canasta:failed", () => {
    const box = $("example");
    box.innerHTML = "";
    const p = document.createElement("p");
    p.className = "error";
    p.setAttribute("role", "alert");
    p.textContent = String(window.canastaEmbedError || t("failed"));
    box.appendChild(p);
    post("error", { code: "bad_example" });
    reportHeight();
  });
  window.addEventListener("canasta:live", () => {
    mark("liveAt");
    $("ex-caption").textContent = example.frames[0].caption[lang] || example.frames[0].caption.en;
    reportHeight();
  });
  window.addEventListener("canasta:verdict", () => {
    mark("verdictAt");
    const { verdict, tries } = document.body.dataset;
    post("verdict", { verdict, tries: Number(tries) });
    if (verdict === "solved") post("solved", { tries: Number(tries) });
    reportHeight();
  });

  const show = (index) => {
    if (live && document.body.dataset.live !== "starting") return;  // the live table draws itself
    const last = example.frames.length - 1;
    shown = Math.max(0, Math.min(last, index));
    const frame = example.frames[shown];
    const table = $("ex-table");
    table.dataset.players = String(frame.players);
    table.innerHTML = frame.html[lang] || frame.html.en;
    $("ex-caption").textContent = frame.caption[lang] || frame.caption.en;
    const refusal = $("ex-refusal");
    refusal.hidden = !frame.refusal;
    refusal.textContent = frame.refusal ? t("refused", { text: frame.refusal[lang] || frame.refusal.en }) : "";
    if (shown === last && timer) stop();
    controls();
    document.body.dataset.step = String(shown);
    post("step", { index: shown, count: last, action: frame.action });
    reportHeight();
  };

  const stop = () => {
    clearInterval(timer);
    timer = null;
  };
  const play = () => {
    if (timer) { stop(); controls(); return; }
    if (shown >= example.frames.length - 1) show(0);
    timer = setInterval(() => show(shown + 1), 1600);
    controls();
  };

  const act = (name) => {
    if (!example) return;
    if (name === "first") { stop(); show(0); }
    else if (name === "back") { stop(); show(shown - 1); }
    else if (name === "next") show(shown + 1);
    else if (name === "last") { stop(); show(example.frames.length - 1); }
    else if (name === "play") play();
    else if (name === "try") { startLive(); return; }
    const again = $("ex-" + name);
    if (again && again.getAttribute("aria-disabled") !== "true") again.focus();
  };

  document.addEventListener("click", (event) => {
    const el = event.target.closest && event.target.closest("[data-act]");
    if (el && el.getAttribute("aria-disabled") !== "true") act(el.dataset.act);
  });
  document.addEventListener("keydown", (event) => {
    if (!example || example.mode !== "demo") return;
    const keys = { ArrowLeft: "back", ArrowRight: "next", Home: "first", End: "last" };
    if (keys[event.key]) { event.preventDefault(); act(keys[event.key]); }
  });
  window.addEventListener("message", (event) => {
    if (event.source !== window.parent || (hostOrigin && event.origin !== hostOrigin)) return;
    const data = event.data || {};
    if (data.target === "canasta-example" && data.type === "step" && Number.isInteger(data.index) && example) {
      stop();
      show(data.index);
    }
  });
  if (window.ResizeObserver) new ResizeObserver(reportHeight).observe(document.body);

  const start = async () => {
    document.documentElement.lang = lang;
    document.body.classList.add(theme);
    if (params.get("compact") === "1") document.body.classList.add("compact");
    // The catalog, the list of examples and the example's stills are fetched together:
    // one round of requests before the example is drawn, not three in a row.
    const wanted = ID.test(id) && !location.hash.startsWith("#ex=");
    const catalog = fetch("./i18n/" + lang + ".json").then((r) => r.json()).catch(() => ({}));
    const listed = wanted ? fetch("./examples/index.json").then((r) => r.json()) : null;
    const stills = listed ? listed.then((index) => index.some((entry) => entry.id === id)
      ? fetch("./examples/" + id + ".frames.json") : null) : null;
    texts = await catalog;
    const encoded = location.hash.startsWith("#ex=") ? location.hash.slice(4) : "";
    if (encoded) {
      if (!/^[A-Za-z0-9_-]{1,20000}$/.test(encoded)) {
        fail("bad_param", { name: "#ex", value: encoded.slice(0, 40) }, "bad_param");
        return;
      }
      $("ex-caption").textContent = t("starting");
      document.body.dataset.encoded = encoded;
      loadRuntime();
      return;
    }
    if (!ID.test(id)) {
      fail("bad_param", { name: "ex", value: id || "—" }, "bad_param");
      return;
    }
    try {
      // the shipped examples are listed: a wrong name is told without a failed request
      const response = await stills;
      if (response === null) {
        fail("not_found", { id }, "not_found");
        return;
      }
      if (!response.ok) throw new Error(String(response.status));
      example = await response.json();
    } catch (error) {
      fail("failed", {}, "failed");
      return;
    }
    ready();
  };
  const ready = () => {
    document.title = example.title[lang] || example.title.en;
    $("ex-title").textContent = document.title;
    document.body.dataset.rule = example.rule;  // the rule book's point, for authors and tests
    $("ex-game").textContent = t("open_game");
    document.body.dataset.mode = example.mode;
    show(0);
    mark("drawnAt");
    post("ready", { mode: example.mode, steps: example.frames.length - 1 });
    // &preload=1 (the host asked): a try or a puzzle loads its engine once the page is idle
    if (params.get("preload") === "1" && !showOnly && ["try", "puzzle"].includes(example.mode)) {
      (window.requestIdleCallback || ((f) => setTimeout(f, 500)))(() => loadRuntime());
    }
  };
  start();
})();
