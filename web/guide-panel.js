// The rules guide over the game: a link into the guide (<a data-guide href="guide/...#id">,
// written by the UI for "Why?", the score sheet's lines, the initial-meld minimum, the
// house-rule switches) opens that rule's section in a panel over the page, with its live
// example; closing the panel returns to the table exactly as it was (the page is never
// left, so the game, its selection and its message stay). The panel's element and its
// words are the UI's (ui_app.py build_page, from the catalogs); this file only fetches the
// guide page (precached by the service worker, so it works offline), takes the section out
// of it and shows it. Without this script, or if the page cannot be read, the link is a
// plain link to the guide.
(() => {
  "use strict";
  const pages = new Map(); // page URL -> Promise<Document>
  let opener = null;       // the link that opened the panel: focus returns to it

  function page(url) {
    if (!pages.has(url)) {
      const loading = fetch(url).then((res) => {
        if (!res.ok) throw new Error("HTTP " + res.status);
        return res.text();
      }).then((text) => new DOMParser().parseFromString(text, "text/html"));
      loading.catch(() => pages.delete(url));  // try again next time
      pages.set(url, loading);
    }
    return pages.get(url);
  }

  function loadEmbeds() {
    if (customElements.get("canasta-example") || document.getElementById("canasta-embed-script")) return;
    const script = document.createElement("script");
    script.id = "canasta-embed-script";
    script.src = new URL("embed.js", document.baseURI).href;
    document.head.appendChild(script);
  }

  /** The section, its links made absolute (they were written relative to the guide page). */
  function sectionOf(doc, url, id) {
    const section = id ? doc.getElementById(id) : doc.querySelector("main");
    if (!section) return null;
    const copy = document.importNode(section, true);
    for (const a of copy.querySelectorAll("a[href]")) a.href = new URL(a.getAttribute("href"), url).href;
    for (const img of copy.querySelectorAll("img[src]")) img.src = new URL(img.getAttribute("src"), url).href;
    for (const use of copy.querySelectorAll("use[href]")) use.setAttribute("href", new URL(use.getAttribute("href"), url).href);
    // ids stay unique in the game page (the panel keeps the section's id in data-section)
    for (const el of copy.querySelectorAll("[id]")) el.removeAttribute("id");
    copy.removeAttribute("id");
    const title = copy.querySelector("h2, h3");  // the section's title names the panel
    if (title) title.id = "guide-panel-title";
    return copy;
  }

  async function open(link) {
    const panel = document.getElementById("guide-panel");
    const body = document.getElementById("guide-panel-body");
    if (!panel || !body || typeof panel.showModal !== "function") return false;
    const url = new URL(link.getAttribute("href"), document.baseURI);
    const id = decodeURIComponent(url.hash.slice(1));
    const whole = document.getElementById("guide-panel-page");
    if (whole) whole.href = url.href;
    opener = link;
    body.textContent = panel.dataset.loading || "";
    panel.dataset.section = id;
    panel.dataset.state = "loading";
    if (!panel.open) panel.showModal();
    let section = null;
    try {
      section = sectionOf(await page(url.href.split("#")[0]), url.href, id);
    } catch (error) {
      console.warn("guide:", error.message);
    }
    if (panel.dataset.section !== id) return true;  // another link was opened meanwhile
    body.textContent = "";
    if (section) {
      body.appendChild(section);
      panel.dataset.state = "shown";
      if (section.querySelector("canasta-example")) loadEmbeds();
    } else {
      const p = document.createElement("p");
      p.textContent = panel.dataset.unavailable || "";
      body.appendChild(p);
      panel.dataset.state = "failed";
    }
    body.scrollTop = 0;
    return true;
  }

  function close() {
    const panel = document.getElementById("guide-panel");
    if (panel && panel.open) panel.close();
  }

  document.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (!target) return;
    if (target.closest("#guide-panel-close")) {
      event.preventDefault();
      close();
      return;
    }
    const link = target.closest("a[data-guide]");
    if (!link || event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
    if (link.closest("#guide-panel")) return;  // links inside the panel lead to the guide itself
    event.preventDefault();
    open(link).then((shown) => {
      if (!shown) location.href = link.href;
    });
  });

  document.addEventListener("close", (event) => {
    if (event.target && event.target.id === "guide-panel") {
      document.getElementById("guide-panel-body").textContent = "";  // stop the example's frame
      // the table may have been drawn again meanwhile: the same link, new element
      const again = opener && (opener.isConnected ? opener
        : document.querySelector('a[data-guide][href="' + CSS.escape(opener.getAttribute("href")) + '"]'));
      if (again) again.focus();
      opener = null;
    }
  }, true);
})();
