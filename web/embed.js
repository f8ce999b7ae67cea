// Live Canasta rule examples on any page: one script tag, then one element per example.
//
//   <script src="https://SITE/embed.js" async></script>
//   <canasta-example ex="classic/frozen-pile-natural-pair" lang="fr"></canasta-example>
//
// Attributes: ex (an example of SITE/examples/index.json) or example (one written by hand,
// as `python -m canasta example FILE` prints it: the engine draws it), lang (en, fr),
// theme (dark, light, auto), compact (present: no title), mode="show" (the position
// only), preload (present: a try loads its engine when the page is idle, before the
// reader asks). Each element becomes a lazily
// loaded frame of SITE/embed.html, sized to its content. The frame's messages are
// accepted only from that frame's window and from SITE's origin, and re-sent as DOM
// events on the element: "canasta-ready", "canasta-step" (detail: {index, count,
// action}), "canasta-error", and for a try or a puzzle "canasta-verdict" (detail:
// {verdict, tries}) and "canasta-solved" (detail: {tries}). A plain <iframe src="SITE/embed.html?ex=..."> works too.
(() => {
  "use strict";
  const script = document.currentScript;
  const base = new URL(".", script ? script.src : location.href);
  const site = base.origin;
  const frames = new Map(); // frame window -> element

  window.addEventListener("message", (event) => {
    if (event.origin !== site) return;
    const element = frames.get(event.source);
    const data = event.data || {};
    if (!element || data.source !== "canasta-example") return;
    if (data.type === "height" && Number.isFinite(data.height)) {
      element.frame.style.height = Math.max(80, Math.min(4000, data.height)) + "px";
      return;
    }
    if (["ready", "step", "error", "verdict", "solved"].includes(data.type)) {
      element.dispatchEvent(new CustomEvent("canasta-" + data.type, { detail: data, bubbles: true }));
    }
  });

  class CanastaExample extends HTMLElement {
    connectedCallback() {
      if (this.frame) return;
      const url = new URL("embed.html", base);
      if (this.getAttribute("example")) {
        url.hash = "ex=" + this.getAttribute("example");  // an example written into the page
      } else {
        url.searchParams.set("ex", this.getAttribute("ex") || "");
      }
      for (const name of ["lang", "theme", "mode"]) {
        if (this.getAttribute(name)) url.searchParams.set(name, this.getAttribute(name));
      }
      if (this.hasAttribute("compact")) url.searchParams.set("compact", "1");
      if (this.hasAttribute("preload")) url.searchParams.set("preload", "1");
      url.searchParams.set("origin", location.origin);
      const frame = document.createElement("iframe");
      frame.src = url.href;
      frame.loading = "lazy";
      frame.title = this.getAttribute("title") || "Canasta";
      frame.style.cssText = "display:block;width:100%;height:420px;border:0;";
      this.frame = frame;
      this.style.display = "block";
      this.appendChild(frame);
      frame.addEventListener("load", () => frames.set(frame.contentWindow, this), { once: true });
      frames.set(frame.contentWindow, this);
    }

    /** Show a still of the example (0: the position), as the move list's buttons do. */
    step(index) {
      if (this.frame && this.frame.contentWindow) {
        this.frame.contentWindow.postMessage({ target: "canasta-example", type: "step", index }, site);
      }
    }
  }
  if (!customElements.get("canasta-example")) customElements.define("canasta-example", CanastaExample);
})();
