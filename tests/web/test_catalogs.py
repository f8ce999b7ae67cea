"""The UI catalogs (web/i18n/en.json, fr.json): the same keys and placeholders in both
languages, a message for every error code the engine host (and the worker) can return,
a label for every score line, and every key the UI code names exists."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from canasta.host import error_codes

REPO = Path(__file__).resolve().parents[2]
WEB = REPO / "web"
LANGS = ("en", "fr")
#: Codes the engine worker (web/worker.py) adds to the host's.
WORKER_CODES = ("host_unavailable", "worker_exception")
SECTIONS = ("app", "table", "actions", "hints", "log", "log_you", "dialogs", "score_lines", "endings", "cards", "suggest",
            "errors", "phase_hints", "keep", "stats")


def flatten(tree: dict[str, Any], prefix: str = "") -> dict[str, str]:
    out: dict[str, str] = {}
    for key, value in tree.items():
        if isinstance(value, dict):
            out.update(flatten(value, f"{prefix}{key}."))
        else:
            out[f"{prefix}{key}"] = value
    return out


def load(lang: str) -> dict[str, str]:
    return flatten(json.loads((WEB / "i18n" / f"{lang}.json").read_text(encoding="utf-8")))


CATALOGS = {lang: load(lang) for lang in LANGS}


def placeholders(text: str) -> list[str]:
    return sorted(re.findall(r"\{([a-z_]+)\}", text))


def test_both_catalogs_have_the_same_keys() -> None:
    en, fr = set(CATALOGS["en"]), set(CATALOGS["fr"])
    assert sorted(en - fr) == [], "missing in fr.json"
    assert sorted(fr - en) == [], "missing in en.json"


def test_every_message_is_a_non_empty_string() -> None:
    for lang, strings in CATALOGS.items():
        for key, value in strings.items():
            assert isinstance(value, str) and value.strip(), (lang, key)


def test_french_uses_the_typographic_apostrophe() -> None:
    """One apostrophe throughout the French texts (l’engage, n’a pas), as French
    typography sets it: a straight one beside curly ones looks like a typo."""
    straight = sorted(key for key, value in CATALOGS["fr"].items() if "'" in value)
    assert straight == [], straight


def test_placeholders_match_between_languages() -> None:
    for key, text in CATALOGS["en"].items():
        assert placeholders(text) == placeholders(CATALOGS["fr"][key]), key


@pytest.mark.parametrize("lang", LANGS)
def test_every_error_code_has_a_message(lang: str) -> None:
    codes = list(error_codes()) + list(WORKER_CODES)
    missing = [code for code in codes if f"errors.{code}" not in CATALOGS[lang]]
    assert missing == [], f"{lang}.json has no message for {missing}"
    assert "errors.unknown" in CATALOGS[lang]


@pytest.mark.parametrize("lang", LANGS)
def test_every_phase_has_a_hint(lang: str) -> None:
    # wrong_phase carries the phase; the UI explains it with phase_hints.<phase>.
    from canasta.state import Phase

    for phase in Phase:
        assert f"phase_hints.{phase.value}" in CATALOGS[lang], phase


@pytest.mark.parametrize("lang", LANGS)
def test_every_score_line_has_a_label(lang: str) -> None:
    source = (REPO / "pycore" / "canasta" / "scoring.py").read_text(encoding="utf-8")
    names = set(re.findall(r'ScoreLine\(\s*"([a-z_]+)"', source))
    names |= set(re.findall(r'"(going_out(?:_concealed)?)"', source))
    assert names, "no score line names found in scoring.py"
    for name in names:
        assert f"score_lines.{name}" in CATALOGS[lang], name


def test_ui_lists_every_score_line() -> None:
    source = (REPO / "pycore" / "canasta" / "scoring.py").read_text(encoding="utf-8")
    names = set(re.findall(r'ScoreLine\(\s*"([a-z_]+)"', source)) | {"going_out", "going_out_concealed"}
    ui_render = (WEB / "ui_render.py").read_text(encoding="utf-8")
    listed = re.search(r"SCORE_LINES = \((.*?)\)", ui_render, re.S)
    assert listed
    assert names <= set(re.findall(r'"([a-z_]+)"', listed.group(1)))


def test_every_key_the_ui_names_exists() -> None:
    pattern = re.compile(r'"((?:%s)\.[a-z0-9_]+(?:\.[a-z0-9_]+)*)"' % "|".join(SECTIONS))
    used: set[str] = set()
    for path in sorted(WEB.glob("*.py")):
        used |= set(pattern.findall(path.read_text(encoding="utf-8")))
    assert len(used) > 50, used
    for lang in LANGS:
        missing = sorted(k for k in used if k not in CATALOGS[lang])
        assert missing == [], f"{lang}.json lacks keys the UI uses: {missing}"


def test_every_switch_and_preset_has_texts_in_both_languages() -> None:
    from canasta.switches import SWITCHES
    from canasta.variants import PRESETS

    for lang in LANGS:
        for sw in SWITCHES.values():
            assert f"switches.{sw.id}.title" in CATALOGS[lang], (lang, sw.id)
            for option in sw.options:
                assert f"switches.{sw.id}.{option.name}" in CATALOGS[lang], (lang, sw.id, option.name)
        for name in PRESETS:
            assert f"variants.{name}.name" in CATALOGS[lang] and f"variants.{name}.line" in CATALOGS[lang], (lang, name)


def test_every_hint_reason_has_texts_in_both_languages() -> None:
    from canasta.host import hint_reasons

    reasons = json.loads(hint_reasons())["reasons"]
    assert reasons
    for lang in LANGS:
        for code, english in reasons.items():
            key = f"reasons.{code}"
            assert key in CATALOGS[lang], (lang, code)
            # only parameters the engine gives (the suggestion itself already names the card)
            assert set(placeholders(CATALOGS[lang][key])) <= set(placeholders(english)), (lang, code)
