// Each move flies from where it came from to where it went (issue 40, "see what
// happened"), by FLIP: ui_app.py asks for the places a move can come from to be measured
// before it redraws the table (measure), then for each move's cards to be played from
// there to their new place (play). Which places and which cards come from the engine's
// record of the move (web/ui_moves.py flights); this file only moves pixels.
// No flight with prefers-reduced-motion, or at speed "instant" (ms 0). Each flight
// started adds one to document.body.dataset.flights (the e2e tests read it).
(function () {
  "use strict";
  const rects = new Map();
  const still = window.matchMedia("(prefers-reduced-motion: reduce)");

  function centre(r) {
    return [r.left + r.width / 2, r.top + r.height / 2];
  }

  window.canastaFly = {
    measure(selectors) {
      rects.clear();
      for (const s of JSON.parse(selectors)) {
        const el = document.querySelector(s);
        if (el) rects.set(s, el.getBoundingClientRect());
      }
    },
    play(moves, ms) {
      if (ms <= 0 || still.matches) return 0;
      let n = 0;
      for (const m of JSON.parse(moves)) {
        const from = rects.get(m.from);
        if (!from) continue;
        const [fx, fy] = centre(from);
        for (const el of document.querySelectorAll(m.to)) {
          const [tx, ty] = centre(el.getBoundingClientRect());
          el.classList.add("flying");
          const flight = el.animate(
            [{ transform: `translate(${fx - tx}px, ${fy - ty}px) scale(0.7)`, opacity: 0.5 },
             { transform: "none", opacity: 1 }],
            { duration: ms, easing: "cubic-bezier(.2,.7,.3,1)" });
          flight.onfinish = flight.oncancel = () => el.classList.remove("flying");
          n += 1;
        }
      }
      document.body.dataset.flights = String(Number(document.body.dataset.flights || 0) + n);
      return n;
    },
  };
})();
