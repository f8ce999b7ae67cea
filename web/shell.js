// The page shell: loading progress, and the service worker with its update flow.
// Plain JS, loaded by index.html (an external file, so the CSP needs no 'unsafe-inline').
//
// For the Python UI:
//   window.canastaUpdate.available   true once a new version of the site is installed and waiting
//   window.canastaUpdate.apply()     activate it: the waiting service worker takes over and the
//                                    page reloads (call it between games, never under one)
//   window event "canasta:update-available"   dispatched once when `available` becomes true
//   window event "canasta:ready"     the UI dispatches it once the engine answered; the service
//                                    worker is registered then (or 20 s after load at the latest),
//                                    so that its precache does not compete with the first load.
//   <p id="status" data-owner="python">  once the UI sets data-owner, the shell stops writing
//                                    loading progress into #status-text.
(() => {
  "use strict";

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

  window.addEventListener("canasta:ready", register, { once: true });
  // Already controlled (a later visit): register at once so the update check runs early.
  if (navigator.serviceWorker.controller) register();
  window.addEventListener("load", () => setTimeout(register, 20000), { once: true });
})();
