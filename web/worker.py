# The engine's functions, run by Pyodide in the engine worker (engine-worker.js).
#
# The UI (main thread) calls them with JSON strings and gets JSON strings back:
#     out = await window.canastaEngine.call("snapshot", 0)
# Each one is a thin wrapper over `canasta.host`, the engine's browser-side host, which
# owns the game. engine-worker.js puts the engine's zip (canasta-pyc.zip, or the wheel) on
# sys.path before running this file, so `import canasta` needs no micropip; it calls the
# functions named in __export__.
#
# Failures have the protocol's one envelope (canasta.protocol.error_reply: {"ok": false, "v",
# "error": {"code", "params", "message"}}), so the UI can always parse what it gets; the
# worker adds two codes:
#   host_unavailable   canasta.host or canasta.duplicate (or the function) is missing in this engine
#   worker_exception   an exception escaped canasta.host (a bug: the host never raises);
#                      params: {"type", "traceback"}
import json
import sys
import traceback

import canasta
from canasta.protocol import PROTOCOL_VERSION, error_reply

try:
    from canasta import host
except ImportError:
    host = None
try:
    from canasta import duplicate
except ImportError:  # an engine from before issue 41
    duplicate = None


def _error(code, message, **params):
    return json.dumps(error_reply(code, message, params))


def _call(name, *args):
    function = getattr(duplicate if name in DUPLICATE_CALLS else host, name, None)
    if function is None:
        return _error(
            "host_unavailable",
            f"canasta.host.{name} is not available in engine {canasta.__version__}",
        )
    try:
        return function(*args)
    except Exception as error:
        trace = traceback.format_exc()
        print(trace, file=sys.stderr)
        return _error("worker_exception", str(error), type=type(error).__name__, traceback=trace)


def ping():
    """The engine's version and where it runs, as JSON."""
    return json.dumps(
        {
            "ok": True,
            "engine": canasta.__version__,
            "python": sys.version.split()[0],
            "platform": sys.platform,
            "host": host is not None,
            "protocol": PROTOCOL_VERSION,
        }
    )


#: The host's calls the page may make (canasta.host: JSON strings in and out). Each is a
#: function of this module of the same name, which engine-worker.js finds through
#: __export__; a call the engine does not have answers host_unavailable.
HOST_CALLS = ("catalog", "new_game", "snapshot", "play", "act", "bot_step", "bot_run", "hint", "undo",
              "next_hand", "save", "load", "check_save", "replay", "export_record", "read_record_file",
              "example_start", "example_frames", "example_act", "example_show_me", "example_restart")


#: canasta.duplicate's calls (issue 41): the expert's score on a deal, run in a second
#: engine worker while the player plays, and the deal of the day's seed.
DUPLICATE_CALLS = ("expert_result", "daily")


def _wrapper(name):
    def call(*args):
        return _call(name, *args)

    call.__name__ = name
    return call


#: The worker's own calls (engine-worker.js): after a boot from a memory snapshot, which may
#: have been taken during a game, canasta.host.forget() drops that game; when the page has
#: made no call for a moment, canasta.host.prepare() makes the next bot's decision ahead.
WORKER_CALLS = ("forget", "prepare")


for _name in HOST_CALLS + DUPLICATE_CALLS + WORKER_CALLS:
    globals()[_name] = _wrapper(_name)

__export__ = ["ping", *HOST_CALLS, *DUPLICATE_CALLS, *WORKER_CALLS]
