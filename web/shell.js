// The page shell: loading progress, and the service worker with its update flow.
// Plain JS, loaded by index.html (an external file, so the CSP needs no 'unsafe-inline').
//
// For the Python UI:
//   window.canastaUpdate.available   true once a new version of the site is installed and waiting
//   window.canastaUpdate.apply()     activate it: the waiting service worker takes over and the
//                                    page reloads (call it between games, never under one)
//   window event "canasta:update-available"   dispatched once when `available` becomes true
//   window event "canasta:ready"     the UI dispatches it once the engine answered; the service
//                                    worker is registered 3 s later (or 20 s after load at the
//                                    latest), so that its precache does not compete with the
//                                    first load nor with the first table.
//   <p id="status" data-owner="python">  once the UI sets data-owner, the shell stops writing
//                                    loading progress into #status-text.
//   window.canastaEarly              "new" or "continue" once the player pressed one of the
//                                    start screen's plain-HTML buttons (#early-menu), before
//                                    the UI was up; main.py honours it (issue 39: the buttons
//                                    work within 500 ms of navigation, MicroPython or not)
(() => {
  "use strict";

  // The start screen's first buttons, in the language the UI will pick (its saved
  // setting, else the browser's), Continue only when a game is saved.
  const early = () => {
    const menu = document.getElementById("early-menu");
    if (!menu || menu.dataset.done) return;
    let labels = {};
    let prefs = {};
    let saved = false;
    try {
      labels = JSON.parse(menu.dataset.labels || "{}");
      prefs = JSON.parse(localStorage.getItem("canasta.prefs.v1") || "{}") || {};
      saved = localStorage.getItem("canasta.save.v1") !== null;
    } catch (error) { /* storage refused: no Continue, default words */ }
    const asked = new URLSearchParams(location.search).get("lang");
    const browser = (navigator.language || "").toLowerCase().startsWith("fr") ? "fr" : "en";
    const lang = [asked, prefs.lang, browser].find((l) => l && labels[l]) || "en";
    const words = labels[lang] || {};
    document.documentElement.lang = lang;
    const tagline = document.querySelector(".tagline");
    if (tagline && words.tagline) tagline.textContent = words.tagline;
    const loading = document.getElementById("status-text");
    if (loading && words.loading && !document.getElementById("status").dataset.owner) loading.textContent = words.loading;
    document.getElementById("early-continue").hidden = !saved;
    document.getElementById("early-new").classList.toggle("primary", !saved);
    for (const button of menu.querySelectorAll("[data-early]")) {
      const word = words[button.dataset.early];
      if (word) button.textContent = word;
      button.addEventListener("click", () => {
        if (window.canastaEarly) return;
        window.canastaEarly = button.dataset.early;
        menu.dataset.pending = button.dataset.early;
        button.setAttribute("aria-busy", "true");
        button.insertAdjacentHTML("beforeend", '<span class="spinner" aria-hidden="true"></span>');
        for (const other of menu.querySelectorAll("[data-early]")) other.disabled = other !== button;
        const text = document.getElementById("status-text");
        const status = document.getElementById("status");
        if (text && status && !status.dataset.owner && words.starting) text.textContent = words.starting;
      });
    }
    menu.hidden = false;
    warmDeck(prefs);
  };

  // The card faces are symbols of one document (cards/deck.svg, build/cards_svg.py) that the
  // browser fetches and parses (15 ms on the main thread) the first time a card is drawn:
  // on the first table, between the deal and the bots' first move. An invisible use of it
  // on the start screen has it parsed while the engine boots, when the main thread waits
  // (issue 39). The deck is the one the player chose (ui_eye.card_dir); the UI's first
  // drawing removes nothing, the element is inert.
  const warmDeck = (prefs) => {
    const look = (prefs && typeof prefs.look === "object" && prefs.look) || {};
    const dir = look.deck === "four" ? "cards/four-colour/" : "cards/";
    const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    svg.setAttribute("class", "deck-warm");
    svg.setAttribute("aria-hidden", "true");
    svg.setAttribute("focusable", "false");
    svg.setAttribute("width", "0");
    svg.setAttribute("height", "0");
    const use = document.createElementNS("http://www.w3.org/2000/svg", "use");
    use.setAttribute("href", dir + "deck.svg#back");
    svg.appendChild(use);
    document.body.appendChild(svg);
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", early, { once: true });
  else early();

  const update = {
    available: false,
    registration: null,
    apply() {
      const waiting = update.registration && update.registration.waiting;
      if (!waiting) return false;
      applying = true;
      waiting.postMessage("skip-waiting");
      return true;
    },
  };
  window.canastaUpdate = update;
  let applying = false;

  // Loading progress from PyScript (py:progress events) while the UI is not up yet.
  window.addEventListener("py:progress", (event) => {
    const status = document.getElementById("status");
    const text = document.getElementById("status-text");
    if (!status || !text || status.dataset.owner) return;
    if (typeof event.detail === "string") text.textContent = event.detail + "…";
  });

  if (!("serviceWorker" in navigator)) return;

  const announce = () => {
    if (update.available) return;
    update.available = true;
    window.dispatchEvent(new CustomEvent("canasta:update-available"));
  };

  navigator.serviceWorker.addEventListener("controllerchange", () => {
    // Reload only when the page asked for the new version; the first install's
    // clients.claim() also fires this event, and must not reload the page.
    if (applying) window.location.reload();
  });

  const REGISTER_AFTER_READY_MS = 3000;
  let registering = null;
  const register = () => {
    if (registering) return registering;
    registering = navigator.serviceWorker
      .register("./sw.js", { scope: "./" })
      .then((registration) => {
        update.registration = registration;
        const watch = (worker) => {
          if (!worker) return;
          const check = () => {
            if (worker.state === "installed" && navigator.serviceWorker.controller) announce();
          };
          worker.addEventListener("statechange", check);
          check();
        };
        if (registration.waiting && navigator.serviceWorker.controller) announce();
        watch(registration.installing);
        registration.addEventListener("updatefound", () => watch(registration.installing));
        return registration;
      })
      .catch((error) => {
        console.warn("service worker registration failed:", error);
      });
    return registering;
  };
  update.register = register;

  // Not at once: the precache (some 13 MB fetched and written) competed with the table's
  // first layout and the bots' first moves (issue 39: a first visit's table playable 210 vs
  // 296 ms after the engine was ready, A/B of built copies, 4 rounds).
  window.addEventListener("canasta:ready", () => setTimeout(register, REGISTER_AFTER_READY_MS), { once: true });
  // Already controlled (a later visit): register at once so the update check runs early.
  if (navigator.serviceWorker.controller) register();
  window.addEventListener("load", () => setTimeout(register, 20000), { once: true });
})();
