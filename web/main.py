# The page's script (PyScript `type="mpy"`, config mpy.json): it starts the UI, ui_app.App.
# PyScript runs this file from source, so it stays this small: the UI's code is in modules
# the build compiles to MicroPython bytecode (build_site.compile_page_modules), which the
# page imports without compiling some 300 KB of Python on the main thread at every start.
import asyncio
import sys

# The modules are loaded in groups with a pause between them, so that the page can
# breathe (input, paint) instead of one long task (issue 39: no task over 200 ms at start,
# a phone being several times slower). ui_app then finds them imported; the groups are
# only for pacing (tests/web/test_mpy_files.py checks they hold every module ui_app needs).
PACED = (
    ("protocol", "ui_arrange", "ui_bots", "ui_controls", "ui_deal", "ui_deal_flow", "ui_cover", "ui_dialog"),
    ("ui_forgive", "ui_eye", "ui_keep", "ui_guide", "ui_intent", "ui_model", "ui_moves"),
    ("ui_render", "ui_replay", "ui_scores", "ui_archive", "ui_seats", "ui_store", "ui_text"),
)
for group in PACED:
    await asyncio.sleep(0)
    for name in group:
        __import__(name)
await asyncio.sleep(0)

from ui_app import App  # noqa: E402 (after the paced imports)

app = App()
await asyncio.sleep(0)  # a pause between the app's setup and its first drawing (boot)
try:
    await app.boot()
except Exception as error:  # never a blank page: say what failed
    sys.print_exception(error, sys.stderr)
    app.engine_error = str(error)
    app.render_status()
