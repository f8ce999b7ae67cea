"""The rules guide (web/guide/, build/render_guide.py): the page sources in both languages
pass the build's checks; every engine error code, score line and switch, and the
initial-meld thresholds, resolve to a section for every preset; each check refuses what
it is there to refuse; the rendered page has the template's parts, and its print stills
repeat no id and offer no button."""

from __future__ import annotations

import importlib.util
import json
import re
import shutil
import sys
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from canasta import host, switches, variants

REPO = Path(__file__).resolve().parents[2]
WEB = REPO / "web"
GUIDE = WEB / "guide"
EXAMPLES = WEB / "examples"

_spec = importlib.util.spec_from_file_location("canasta_render_guide", REPO / "build" / "render_guide.py")
assert _spec and _spec.loader
G = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = G  # dataclasses look their module up by name
_spec.loader.exec_module(G)

CATALOGS = {lang: json.loads((WEB / "i18n" / f"{lang}.json").read_text(encoding="utf-8")) for lang in G.LANGS}
KNOWN = G.load_known(WEB)
PAGES = G.read_sources(GUIDE)
TABLE = G.explains(PAGES)
PAGES_OF = G.preset_pages(PAGES)


def missing(keys: list[str], preset: str) -> list[str]:
    return [key for key in keys if G.resolve(TABLE, PAGES_OF, preset, key) is None]


# --- the real sources --------------------------------------------------------------------


def test_the_sources_pass_every_check() -> None:
    assert G.check_guide(PAGES, KNOWN, EXAMPLES) == []


@pytest.mark.parametrize("preset", list(variants.PRESETS))
def test_every_engine_error_code_has_a_section(preset: str) -> None:
    assert missing([f"error:{code}" for code in host.ERROR_CODES], preset) == []


@pytest.mark.parametrize("preset", list(variants.PRESETS))
def test_every_score_line_of_both_catalogs_has_a_section(preset: str) -> None:
    keys = sorted({key for cat in CATALOGS.values() for key in cat["score_lines"]})
    assert missing([f"score:{key}" for key in keys], preset) == []


@pytest.mark.parametrize("preset", list(variants.PRESETS))
def test_every_switch_and_the_meld_minimum_have_a_section(preset: str) -> None:
    assert missing([f"switch:{sid}" for sid in switches.SWITCHES] + [G.MELD_MINIMUM], preset) == []


@pytest.mark.parametrize("slug", sorted(PAGES))
def test_both_languages_have_the_same_anchors(slug: str) -> None:
    ids = {lang: [ident for ident, _ in page.ids] for lang, page in PAGES[slug].items()}
    assert set(ids) == set(G.LANGS)
    assert ids["fr"] == ids["en"]


def test_the_pages_map_points_a_preset_at_its_own_page_only_when_it_exists() -> None:
    for preset, slug in G.PRESET_PAGES.items():
        expected = slug if (GUIDE / "en" / f"{slug}.html").is_file() else "classic"
        assert PAGES_OF[preset] == expected


def test_links_json_lists_every_page_anchor_and_key() -> None:
    links = G.links_json(PAGES)
    assert (links["v"], links["langs"], links["fallback"]) == (1, ["en", "fr"], ["classic", "playing"])
    assert set(links["pages"]) == set(variants.PRESETS)
    for slug, keys in links["explains"].items():
        assert set(keys.values()) <= set(links["anchors"][slug])
    assert links["explains"]["classic"]["error:pile_frozen"] == "frozen-pile"
    assert links["explains"]["classic"][G.MELD_MINIMUM] == "initial-meld"
    assert links["explains"]["playing"]["error:bad_save"] == "saves"


# --- each check refuses what it is there for ------------------------------------------------

SECTION = '<section id="{id}" data-explains="{keys}"><h2>T</h2><p>x</p>{ex}</section>'
EX = '<canasta-example ex="classic/frozen-pile-natural-pair"></canasta-example>'


def page(tmp_path: Path, body: str, slug: str = "classic", lang: str = "en") -> Any:
    path = tmp_path / lang / f"{slug}.html"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(body, encoding="utf-8")
    return G.read_page(path, slug, lang)


def problems(tmp_path: Path, body: str) -> list[str]:
    return list(G.check_page(page(tmp_path, body), KNOWN, EXAMPLES))


def test_a_good_fragment_has_no_problem(tmp_path: Path) -> None:
    assert problems(tmp_path, "<h1>Title</h1><p>i</p>" + SECTION.format(id="a-b", keys="error:pile_frozen", ex=EX)) == []


@pytest.mark.parametrize(("body", "expected"), [
    ("<p>i</p><h1>T</h1>" + SECTION.format(id="a", keys="", ex=EX), "must start with <h1>"),
    ("<h1>T</h1>" + SECTION.format(id="a", keys="", ex=EX) * 2, "duplicate id 'a'"),
    ("<h1>T</h1>" + SECTION.format(id="a", keys="error:no_such_code", ex=EX), "unknown key 'error:no_such_code'"),
    ("<h1>T</h1>" + SECTION.format(id="a", keys="switch:D99", ex=EX), "unknown key 'switch:D99'"),
    ("<h1>T</h1>" + SECTION.format(id="a", keys="score:nothing", ex=EX), "unknown key 'score:nothing'"),
    ("<h1>T</h1>" + SECTION.format(id="a", keys="", ex=""), "no <canasta-example"),
    ("<h1>T</h1>" + SECTION.format(id="a", keys="", ex='<canasta-example ex="classic/nope"></canasta-example>'),
     "example 'classic/nope' does not exist"),
    ("<h1>T</h1>" + SECTION.format(id="Frozen_Pile", keys="", ex=EX), "lowercase kebab-case"),
    ("<h1>T</h1>" + SECTION.format(id="a", keys="", ex='<canasta-example ex="../classic/x"></canasta-example>'),
     "is not named <game>/<name>"),
])
def test_each_check_names_the_problem(tmp_path: Path, body: str, expected: str) -> None:
    found = problems(tmp_path, body)
    assert any(expected in line for line in found), found


def test_an_example_keeps_its_attributes_and_content_and_gets_the_pages_language(tmp_path: Path) -> None:
    body = ('<h1>T</h1><section id="a"><h2>A</h2><canasta-example ex="classic/ask-partner" compact>'
            "<a href=\"#a\">fallback</a></canasta-example>"
            '<canasta-example ex="classic/wild-on-top" lang="en"></canasta-example></section>')
    text = G.render_main(page(tmp_path, body, lang="fr"), {}, "../../")
    assert '<canasta-example ex="classic/ask-partner" compact lang="fr"><a href="#a">fallback</a></canasta-example>' in text
    assert '<canasta-example ex="classic/wild-on-top" lang="en"></canasta-example>' in text


def test_a_nested_section_lends_its_example_to_its_parent(tmp_path: Path) -> None:
    body = '<h1>T</h1><section id="a"><h2>A</h2><section id="b"><h3>B</h3>' + EX + "</section></section>"
    assert problems(tmp_path, body) == []


def test_languages_must_have_the_same_sections(tmp_path: Path) -> None:
    en = page(tmp_path, "<h1>T</h1>" + SECTION.format(id="a", keys="error:pile_frozen", ex=EX))
    fr = page(tmp_path, "<h1>T</h1>" + SECTION.format(id="a", keys="error:top_card_wild", ex=EX), lang="fr")
    found = G.check_languages({"classic": {"en": en, "fr": fr}})
    assert len(found) == 1 and "error:pile_frozen" in found[0] and "error:top_card_wild" in found[0]
    assert G.check_languages({"classic": {"en": en}}) == ["classic.html exists in en but not in fr"]


def test_a_link_to_a_missing_page_or_anchor_is_refused(tmp_path: Path) -> None:
    body = "<h1>T</h1>" + SECTION.format(id="a", keys="", ex=EX + '<a href="#a">ok</a><a href="#zz">x</a>'
                                          '<a href="samba.html">y</a><a href="https://example.org/">z</a>')
    found = G.check_links({"classic": {"en": page(tmp_path, body)}})
    assert len(found) == 2 and "no id 'zz'" in found[0] and "no page samba.html" in found[1]


def test_a_key_the_game_needs_must_resolve(tmp_path: Path) -> None:
    only = page(tmp_path, "<h1>T</h1>" + SECTION.format(id="a", keys="error:pile_frozen", ex=EX))
    found = G.check_resolution({"classic": {"en": only}}, KNOWN)
    assert any(line.startswith("error:top_card_wild is explained by no section for") for line in found)
    assert not any(line.startswith("error:pile_frozen ") for line in found)


def test_a_games_own_page_is_looked_at_first(tmp_path: Path) -> None:
    classic = page(tmp_path, "<h1>C</h1>" + SECTION.format(id="frozen-pile", keys="error:pile_frozen", ex=EX))
    samba = page(tmp_path, "<h1>S</h1>" + SECTION.format(id="samba-pile", keys="error:pile_frozen", ex=EX), "samba")
    pages = {"classic": {"en": classic}, "samba": {"en": samba}}
    table, pages_of = G.explains(pages), G.preset_pages(pages)
    assert pages_of["samba"] == "samba" and pages_of["bolivia"] == "classic"
    assert G.resolve(table, pages_of, "samba", "error:pile_frozen") == ("samba", "samba-pile")
    assert G.resolve(table, pages_of, "bolivia", "error:pile_frozen") == ("classic", "frozen-pile")


def test_the_build_stops_with_a_message_not_a_traceback(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    web = tmp_path / "web"
    shutil.copytree(WEB / "i18n", web / "i18n")
    shutil.copytree(GUIDE, web / "guide")
    (web / "examples").symlink_to(EXAMPLES)
    (web / "guide" / "fr" / "classic.html").write_text("<p>no title</p>", encoding="utf-8")
    assert G.main([str(REPO / "pycore"), str(web), str(tmp_path / "out")]) == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert "fr/classic.html: the fragment must start with <h1>" in err
    assert not (tmp_path / "out" / "guide").exists()


# --- the rendered page ------------------------------------------------------------------------


class _Ids(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: list[str] = []
        self.tags: list[tuple[str, dict[str, str]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        self.tags.append((tag, a))
        if "id" in a:
            self.ids.append(a["id"])


STILL = {"title": {"en": "An example", "fr": "Un exemple"}, "frames": [{
    "players": 4, "caption": {"en": "Look.", "fr": "Regardez."},
    "html": {lang: '<div class="board"><h2 id="melds-h-0">Ours</h2><section aria-labelledby="melds-h-0">'
                   '<button type="button" class="pile" id="stock" data-act="draw" aria-disabled="true">'
                   '<svg class="cv face" viewBox="0 0 250 350" aria-hidden="true" focusable="false">'
                   '<use href="cards/deck.svg#AS"/></svg></button></section></div>' for lang in ("en", "fr")},
}]}


@pytest.mark.parametrize("lang", G.LANGS)
def test_a_rendered_page_has_the_template_and_unique_ids(lang: str) -> None:
    stills = {ident: STILL for by_lang in PAGES.values() for p in by_lang.values() for ident in p.examples}
    text = G.render_page(PAGES["classic"][lang], PAGES, stills)
    parsed = _Ids()
    parsed.feed(text)
    assert text.startswith(f'<!doctype html>\n<html lang="{lang}">')
    assert f"<title>{PAGES['classic'][lang].title} · Canasta</title>" in text
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in text
    assert '<script src="../../embed.js" async></script>' in text  # as a third-party page writes it
    assert '<a class="gd-site" href="../../index.html">' in text
    other = "fr" if lang == "en" else "en"
    assert f'href="../{other}/classic.html" hreflang="{other}"' in text
    assert [t for t, _ in parsed.tags].count("main") == 1
    assert len(parsed.ids) == len(set(parsed.ids)), sorted(i for i in parsed.ids if parsed.ids.count(i) > 1)
    assert not any(t == "button" for t, _ in parsed.tags)
    assert '<use href="../../cards/deck.svg#AS"/>' in text and 'href="cards/' not in text
    examples = [a for t, a in parsed.tags if t == "canasta-example"]
    assert examples and all(a["lang"] == lang and a["ex"] for a in examples)
    assert len(re.findall('class="gd-still" hidden', text)) == len(examples)  # hidden but in print
    toc = re.findall(r'<nav class="gd-toc".*?</nav>', text, re.S)[0]
    assert re.findall(r'href="#([a-z0-9-]+)"', toc) == [s.id for s in PAGES["classic"][lang].sections]


def test_every_page_has_a_short_name_in_each_language() -> None:
    assert {lang: set(names) for lang, names in G.NAV_NAMES.items()} == {lang: set(G.SLUGS) for lang in G.LANGS}
