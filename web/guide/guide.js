// The rules guide's pages (guide/<lang>/<page>.html, built by build/render_guide.py).
// - Registers the site's service worker (the same one as the game, scope = the site's
//   root) once the page has loaded: a guide page visited once is readable offline,
//   examples included.
// - A rule's section opened by a link stays in view while the examples above it load.
// - guide/index.html (body[data-choose-lang]): opens the guide in the browser's language;
//   its plain links stay for a browser without scripts.
// No inline script: the site's CSP allows none (netlify.toml).
(() => {
  "use strict";
  const body = document.body;
  const root = body.dataset.root || "../../";
  const langs = (body.dataset.chooseLang || "").split(" ").filter(Boolean);
  if (langs.length) {
    const wanted = (navigator.languages || [navigator.language || "en"])
      .map((tag) => String(tag).slice(0, 2).toLowerCase())
      .find((tag) => langs.includes(tag));
    location.replace((wanted || langs[0]) + "/index.html");
    return;
  }
  // A link to a rule (the game's "Why?", the table of contents) lands on its section; the
  // examples above it then load and take their height, which pushes the section down.
  // Until the reader scrolls or types, keep the section in place (for 10 s at most).
  const follow = () => {
    const target = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
    const main = document.querySelector("main");
    if (!target || !main || !window.ResizeObserver) return;
    const observer = new ResizeObserver(() => target.scrollIntoView());
    const stop = () => {
      observer.disconnect();
      for (const type of READER) window.removeEventListener(type, stop);
    };
    for (const type of READER) window.addEventListener(type, stop, { passive: true });
    observer.observe(main);
    setTimeout(stop, 10000);
  };
  const READER = ["wheel", "touchstart", "keydown", "mousedown"];
  follow();
  window.addEventListener("hashchange", follow);
  // The table of contents is folded on a phone; where it sits beside the text, open it.
  const toc = document.querySelector(".gd-toc details");
  if (toc && window.matchMedia("(min-width: 1000px)").matches) toc.open = true;
  if ("serviceWorker" in navigator) {
    // Once the page and its first examples are in, so that the precache (the whole site)
    // does not compete with them, as shell.js waits for the game's engine.
    const register = () => navigator.serviceWorker.register(root + "sw.js", { scope: root }).catch((error) => {
      console.warn("service worker registration failed:", error);
    });
    const idle = () => (window.requestIdleCallback || setTimeout)(register);
    if (document.readyState === "complete") idle();
    else window.addEventListener("load", idle, { once: true });
  }
})();
