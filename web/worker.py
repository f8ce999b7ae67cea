# The engine's functions, run by Pyodide in the engine worker (engine-worker.js).
#
# The UI (main thread) calls them with JSON strings and gets JSON strings back:
#     out = await window.canastaEngine.call("snapshot", 0)
# Each one is a thin wrapper over `canasta.host`, the engine's browser-side host, which
# owns the game. engine-worker.js unpacks the wheel into site-packages before running this
# file, so `import canasta` needs no micropip; it calls the functions named in __export__.
#
# Failures have the protocol's one envelope (canasta.protocol.error_reply: {"ok": false, "v",
# "error": {"code", "params", "message"}}), so the UI can always parse what it gets; the
# worker adds two codes:
#   host_unavailable   canasta.host (or the function) is missing in this engine
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


def _error(code, message, **params):
    return json.dumps(error_reply(code, message, params))


def _call(name, *args):
    function = getattr(host, name, None)
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


def catalog():
    return _call("catalog")


def new_game(options_json):
    return _call("new_game", options_json)


def snapshot(seat):
    return _call("snapshot", seat)


def play(seat, action_text):
    return _call("play", seat, action_text)


def bot_step():
    return _call("bot_step")


def hint(seat):
    return _call("hint", seat)


def next_hand():
    return _call("next_hand")


def save():
    return _call("save")


def load(save_json):
    return _call("load", save_json)


def act(seat, intent_json):
    return _call("act", seat, intent_json)


def example_start(example_json):
    return _call("example_start", example_json)


def example_frames(encoded):
    return _call("example_frames", encoded)


def example_act(intent_json):
    return _call("example_act", intent_json)


def example_show_me():
    return _call("example_show_me")


def example_restart():
    return _call("example_restart")


__export__ = ["ping", "catalog", "new_game", "snapshot", "play", "act", "bot_step", "hint", "next_hand", "save",
              "load", "example_start", "example_frames", "example_act", "example_show_me", "example_restart"]
