"""Render the live rule examples (web/examples/) into stills for the embed page.

    python build/render_examples.py WHEEL WEB OUT

Run by build_site.py in a separate interpreter, with the engine imported from the wheel
the site ships. Each example is checked by the engine (canasta.examples.check_example:
a broken example stops the build) and turned into frames (canasta.examples.frames),
each drawn by the game's own renderer (web/ui_render.py) in French and English. The
result, OUT/examples/<family>/<name>.frames.json, is what embed.html shows: a reader who
only looks never loads a Python runtime.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

def main(argv: list[str]) -> int:
    wheel, web, out = Path(argv[0]), Path(argv[1]), Path(argv[2])
    sys.path.insert(0, str(wheel))
    sys.path.insert(0, str(web))
    import canasta.protocol
    sys.modules.setdefault("protocol", canasta.protocol)  # as the page imports it
    from canasta.examples import check_example, frames, read_example

    import ui_render as R
    import ui_text

    cats = {lang: ui_text.Catalog.from_json(lang, (web / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
            for lang in ui_text.LANGS}
    failed = []
    index = []
    for path in sorted((web / "examples").glob("*/*.json")):
        ident = f"{path.parent.name}/{path.stem}"
        data = json.loads(path.read_text(encoding="utf-8"))
        problems = check_example(data)
        if problems:
            failed.append(f"web/examples/{ident}.json: " + "; ".join(problems))
            continue
        example = read_example(data)
        stills = []
        for frame in frames(example):
            html = {lang: R.still_html(cat, frame["snapshot"]) for lang, cat in cats.items()}
            refusal = ({lang: cat.error_text(frame["refusal"]) for lang, cat in cats.items()}
                       if frame["refusal"] is not None else None)
            stills.append({"html": html, "caption": frame["caption"], "action": frame["action"],
                           "refusal": refusal, "players": frame["snapshot"]["view"]["players"]})
        record: dict[str, Any] = {"id": ident, "title": example.title, "mode": example.mode, "rule": example.rule,
                                  "seat": example.seat, "frames": stills}
        if example.goal is not None:
            record["goal"] = {"kind": example.goal.kind, "caption": example.goal.caption}
        target = out / "examples" / f"{ident}.frames.json"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(record, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
        index.append({"id": ident, "title": example.title, "mode": example.mode, "rule": example.rule})
    if failed:
        print("examples the engine refuses:\n" + "\n".join(failed), file=sys.stderr)
        return 1
    (out / "examples" / "index.json").write_text(json.dumps(index, ensure_ascii=False, indent=1), encoding="utf-8")
    print(f"{len(index)} examples rendered")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
