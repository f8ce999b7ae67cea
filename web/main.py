# The page's UI: MicroPython on the main thread (PyScript `type="mpy"`).
#
# PLACEHOLDER, to be replaced by the real UI. It shows that the pipeline works:
# it asks the engine worker for its version (`ping`) and shows "ready".
#
# How to talk to the engine (Pyodide in the named worker "engine", see worker.py):
#     engine = await workers["engine"]
#     view_json = await engine.snapshot(0)        # every call takes and returns JSON strings
#
# Contract with the page shell (shell.js):
#   - set data-owner on #status before writing to it (the shell then stops showing progress);
#   - dispatch the window event "canasta:ready" once the engine answered (the service worker
#     registers then, so that its precache does not compete with the first load);
#   - window.canastaUpdate.available / .apply() and the event "canasta:update-available"
#     tell and apply a new version of the site (apply only between games).
import json

from pyscript import document, window, workers


def set_status(text, css_class=""):
    status = document.getElementById("status")
    status.dataset.owner = "python"
    status.className = ("status " + css_class).strip()
    status.textContent = text


def show_update_banner(event=None):
    if document.getElementById("update-banner"):
        return
    banner = document.createElement("div")
    banner.id = "update-banner"
    banner.className = "update-banner"
    banner.setAttribute("role", "status")
    label = document.createElement("span")
    label.textContent = "A new version is available."
    button = document.createElement("button")
    button.textContent = "Reload"
    button.onclick = lambda e: window.canastaUpdate.apply()
    banner.append(label, button)
    document.body.append(banner)


async def start():
    set_status("Starting the engine…")
    try:
        engine = await workers["engine"]
        info = json.loads(await engine.ping())
    except Exception as error:  # the worker failed to start: say so, never a blank page
        set_status("The engine could not start: " + str(error), "error")
        raise
    set_status("ready — engine " + info["engine"])
    document.body.dataset.engine = info["engine"]
    window.dispatchEvent(window.CustomEvent.new("canasta:ready"))


window.addEventListener("canasta:update-available", show_update_banner)
if window.canastaUpdate and window.canastaUpdate.available:
    show_update_banner()

await start()
