# The bots' turns: one job, pacing them. The bots think in the engine's worker; this loop
# asks it for one bot move at a time (bot_step), waits the chosen speed between moves,
# and stops when a human is to act, the hand ends, the watcher pauses, or the player
# leaves the game. At speed "instant" it asks for a frame's worth of moves at once
# (bot_run), since no move is drawn between frames. One loop per game: a game is named by
# its generation number (a new game, or leaving one, bumps it), so a loop still winding
# down after Menu never plays for, or idles, the next game.

#: At speed "instant", bots' moves redraw the table at most this often (ms).
INSTANT_FRAME_MS = 250

#: The level whose moves take the engine's think time (EXPERT_THINK_MS), not a few ms.
THINKING_LEVEL = "expert"


def seat_levels(snap):
    """The levels of the bots at the table of ``snap``: its options' per-seat levels, the
    table's level for the other bot seats (canasta.host's "bot" and "bots")."""
    options = snap.get("options") or {}
    humans = options.get("humans") or []
    per_seat = options.get("bots") or {}
    players = options.get("players") or 0
    return {per_seat.get(str(seat), options.get("bot")) for seat in range(players) if seat not in humans}


class BotLoop:
    """Runs the bots of the page's game. ``page`` is the app: it gives ``gen``, ``snap``,
    ``ui``, ``viewer_seat()``, ``delay()``, ``first_delay()``, ``call()``, ``now()``, ``sleep()``, ``set_snapshot()``,
    ``render_table()``, ``update_game_data()``, ``store_save()``, ``render_banner()``
    and ``explain(error)``."""

    def __init__(self, page):
        self.page = page
        # The game (gen) whose loop is running, or None. Keyed by game, not a flag: a
        # loop that is still winding down after Menu must not keep the next game's bots idle.
        self.running = None

    def busy(self):
        """Whether the current game's bots are playing."""
        return self.running == self.page.gen

    def _should_stop(self, gen):
        page = self.page
        s = page.snap
        if gen != page.gen or s is None:
            return True
        if s.get("hand_over") or (s.get("human_turn") and not page.ui.watch):
            return True
        return page.ui.watch and page.ui.paused

    async def opening(self, snap, viewer, watch):
        """The snapshot to draw a new deal with: at speed "instant", after the moves of the
        bots that act before the player's first turn, asked for in one request before the
        table is first drawn. Drawing the deal, then the same table a few bot moves later,
        cost a first visit 60-70 ms of the page's thread between the engine's answer and a
        playable table (issue 39), and nobody could see the first drawing. ``snap`` itself
        at the paced speeds (the deal is shown, then each move), for a watched hand, when a
        human acts first, and when the request fails: the loop then asks again and says
        why, as for any move. Not with an expert at the table either: its move takes up to
        its think time, which the player sees it spend at a drawn table."""
        if watch or self.page.delay() > 0 or snap.get("human_turn") or snap.get("hand_over"):
            return snap
        if THINKING_LEVEL in seat_levels(snap):
            return snap
        res = await self.page.call("bot_run", viewer, INSTANT_FRAME_MS)
        return res["snapshot"] if res.get("ok") else snap

    async def run(self):
        page = self.page
        gen = page.gen
        if self.running == gen:
            return
        # An older loop may still be waiting on its sleep or its engine call: it stops at
        # its next check of gen without sending another request, so the two never interleave.
        self.running = gen
        page.update_game_data()
        drawn = page.now()
        wait = page.first_delay()  # longer while the player may take back a discard
        try:
            while not self._should_stop(gen):
                await page.sleep(wait)
                wait = page.delay()
                if gen != page.gen or (page.ui.watch and page.ui.paused):
                    break
                if page.delay() > 0:
                    res = await page.call("bot_step", page.viewer_seat())
                else:
                    # the moves until the next frame is due, in one request: a request per
                    # move cost the page about 4 ms each, mostly its answer (issue 39)
                    budget = max(0, int(INSTANT_FRAME_MS - (page.now() - drawn)))
                    res = await page.call("bot_run", page.viewer_seat(), budget)
                if gen != page.gen:
                    break
                if not res.get("ok"):
                    page.explain(res.get("error"))
                    break
                page.set_snapshot(res["snapshot"])
                # At speed "instant" moves come faster than anyone can read them: draw the
                # table at most every INSTANT_FRAME_MS (the last state is drawn below),
                # which also brings the player's first turn up sooner.
                now = page.now()
                if page.delay() > 0 or now - drawn >= INSTANT_FRAME_MS:
                    page.render_table()
                    drawn = now
                else:
                    page.update_game_data()
            if gen == page.gen:
                await page.store_save()  # the player's turn, or the hand's end
        finally:
            if self.running == gen:
                self.running = None
        if gen == page.gen:
            page.render_table()
            page.render_banner()
