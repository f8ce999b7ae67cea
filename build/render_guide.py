"""Render the rules guide (issue 38) from its HTML fragments into pages of the site.

    python build/render_guide.py WHEEL WEB OUT

Run by build_site.py in a separate interpreter (after build/render_examples.py, whose
stills it prints), with the engine imported from the wheel the site ships: the error
codes, switches and presets the guide must explain are that engine's. Standard library only.

Sources: WEB/guide/<lang>/<page>.html, HTML fragments in the fixed format of the guide
(README.md "The rules guide"): an <h1>, an optional intro, then one
<section id="ANCHOR" data-explains="KEYS"> per rule, each with an <h2> (<h3> in a nested
section) and at least one <canasta-example ex="<game>/<name>">. Output, in OUT:

    guide/<lang>/<page>.html   each fragment in the page template (header, navigation between
                               the games, language switch, table of contents, main landmark),
                               its examples embedded with embed.js as any other site would,
                               and each example's first still beside it, shown only in print
    guide/index.html           chooses a language (guide.js: navigator.language, or the links)
    guide/links.json           where each error code, score line, switch and hint reason is
                               explained, per page, for the game's "Why?" links

The build stops with one line per problem (GuideError) on a fragment that does not start
with <h1>, duplicate ids, en/fr pages whose sections differ, an unknown data-explains key,
a missing example or a section without one, a link to a missing page or anchor, and a key
the game needs (every error code, score line, switch, and the meld minimum) that does not
resolve for some preset. tests/web/test_guide.py calls the same checks on the sources.
"""

from __future__ import annotations

import html
import json
import re
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

LANGS = ("en", "fr")
#: Page slugs in the order of the guide's navigation (the contents page first).
SLUGS = ("index", "classic", "modern-american", "samba", "bolivia", "house-rules", "playing")
#: Each preset's own page; a page whose source does not exist yet falls back to FALLBACK.
PRESET_PAGES = {"classic": "classic", "classic-1950s": "house-rules", "maison": "house-rules",
                "modern-american": "modern-american", "samba": "samba", "bolivia": "bolivia"}
#: Where a key is looked up after the game's own page, in order.
FALLBACK = ("classic", "playing")
#: The key of the initial-meld thresholds table (the minimum shown at the table links to it).
MELD_MINIMUM = "meld-minimum"
ANCHOR = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
#: A shipped example's name, as embed-frame.js accepts it.
EXAMPLE_ID = re.compile(r"^[a-z0-9-]{1,40}/[a-z0-9-]{1,60}$")
EXAMPLE_TAG = "canasta-example"
#: The attribute of <canasta-example> naming a shipped example (web/embed.js).
EXAMPLE_ATTR = "ex"
LINKS_VERSION = 1

#: The template's own words (the pages' text is in the fragments).
CHROME: dict[str, dict[str, str]] = {
    "en": {"language": "English", "skip": "Skip to the rules", "game": "Play Canasta", "guide": "How to play",
           "games": "The games", "toc": "On this page", "prev": "Previous", "next": "Next",
           "choose": "Choose your language", "print_note": "Example, as drawn at its start"},
    "fr": {"language": "Français", "skip": "Aller aux règles", "game": "Jouer à la Canasta", "guide": "Règles du jeu",
           "games": "Les jeux", "toc": "Sur cette page", "prev": "Précédent", "next": "Suivant",
           "choose": "Choisissez votre langue", "print_note": "Exemple, tel qu’il se présente au départ"},
}


#: The pages' short names, for the navigation between them (their <h1> is the full title).
NAV_NAMES: dict[str, dict[str, str]] = {
    "en": {"index": "Contents", "classic": "Classic", "modern-american": "Modern American", "samba": "Samba",
           "bolivia": "Bolivia", "house-rules": "House rules", "playing": "On this site"},
    "fr": {"index": "Sommaire", "classic": "Classique", "modern-american": "Américaine moderne", "samba": "Samba",
           "bolivia": "Bolivia", "house-rules": "Règles maison", "playing": "Sur ce site"},
}


class GuideError(Exception):
    """The guide cannot be built; the message lists every problem, one per line."""


# --- reading a fragment -------------------------------------------------------------


@dataclass
class Section:
    """One <section> of a page: its anchor, heading, keys and the examples in it
    (nested sections' examples included: they sit beside the parent's text too)."""

    id: str
    level: int  #: 2 for a page's sections, 3 for a nested one
    title: str = ""
    explains: tuple[str, ...] = ()
    examples: list[str] = field(default_factory=list)
    line: int = 0


@dataclass
class Page:
    slug: str
    lang: str
    source: str  #: the fragment's text
    where: str  #: its path, for messages
    title: str = ""
    intro: str = ""  #: the text of the paragraph before the first section, if any
    first_tag: str = ""
    sections: list[Section] = field(default_factory=list)
    ids: list[tuple[str, int]] = field(default_factory=list)  #: every id attribute, with its line
    links: list[tuple[str, int]] = field(default_factory=list)  #: every href, with its line
    examples: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)  #: what the parser saw wrong


class _Reader(HTMLParser):
    def __init__(self, page: Page) -> None:
        super().__init__(convert_charrefs=True)
        self.page = page
        self.open: list[Section] = []
        self.depth: list[str] = []  #: the open elements' tags (sections marked "section")
        self.heading: tuple[str, list[str]] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        line = self.getpos()[0]
        if not self.page.first_tag:
            self.page.first_tag = tag
        if "id" in a:
            self.page.ids.append((a["id"], line))
        if tag == "a" and "href" in a:
            self.page.links.append((a["href"], line))
        if tag == "section":
            if "id" not in a:
                self.page.problems.append(f"line {line}: a <section> without an id")
            self.open.append(Section(a.get("id", ""), 2 + len(self.open), explains=tuple(a.get("data-explains", "").split()),
                                     line=line))
            self.page.sections.append(self.open[-1])
        elif tag == EXAMPLE_TAG:
            ident = a.get(EXAMPLE_ATTR, "")
            self.page.examples.append(ident)
            for section in self.open:
                section.examples.append(ident)
            if not self.open:
                self.page.problems.append(f"line {line}: an example outside any section")
        elif tag in ("h1", "h2", "h3") or (tag == "p" and not self.page.sections and not self.page.intro):
            self.heading = (tag, [])
        if tag not in VOID:
            self.depth.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            return
        if tag not in self.depth:
            self.page.problems.append(f"line {self.getpos()[0]}: </{tag}> closes nothing")
            return
        while self.depth:  # an element left open is closed by its parent's end tag (HTML's own rule)
            if self.depth.pop() == tag:
                break
        if tag == "section" and self.open:
            self.open.pop()
        elif self.heading and tag == self.heading[0]:
            text = " ".join("".join(self.heading[1]).split())
            if tag == "h1" and not self.page.title:
                self.page.title = text
            elif tag == "p":
                self.page.intro = text
            elif self.open and not self.open[-1].title:
                self.open[-1].title = text
            self.heading = None

    def handle_data(self, data: str) -> None:
        if self.heading:
            self.heading[1].append(data)


VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


def read_page(path: Path, slug: str, lang: str) -> Page:
    page = Page(slug, lang, path.read_text(encoding="utf-8"), f"{path.parent.name}/{path.name}")
    reader = _Reader(page)
    reader.feed(page.source)
    reader.close()
    return page


def read_sources(guide: Path) -> dict[str, dict[str, Page]]:
    """Every page source found: {slug: {lang: Page}} (a slug present in one language only
    is kept, so that check_languages can name it)."""
    pages: dict[str, dict[str, Page]] = {}
    for slug in SLUGS:
        for lang in LANGS:
            path = guide / lang / f"{slug}.html"
            if path.is_file():
                pages.setdefault(slug, {})[lang] = read_page(path, slug, lang)
    return pages


# --- what the guide may and must explain ------------------------------------------


@dataclass(frozen=True)
class Known:
    """The keys a section may explain, and those the game links to (which must resolve)."""

    errors: frozenset[str]  #: the engine's error codes and every code the catalogs word
    required_errors: frozenset[str]  #: host.ERROR_CODES
    scores: frozenset[str]
    switches: frozenset[str]
    reasons: frozenset[str]
    presets: tuple[str, ...]

    @classmethod
    def from_engine(cls, error_codes: Iterable[str], switch_ids: Iterable[str], presets: Iterable[str],
                    catalogs: Mapping[str, Mapping[str, Any]]) -> Known:
        def keys(part: str) -> frozenset[str]:
            return frozenset(k for cat in catalogs.values() for k in cat.get(part, {}))

        codes = frozenset(error_codes)
        return cls(errors=codes | keys("errors"), required_errors=codes, scores=keys("score_lines"),
                   switches=frozenset(switch_ids), reasons=keys("reasons"), presets=tuple(presets))

    def allowed(self, key: str) -> bool:
        kind, _, name = key.partition(":")
        table = {"error": self.errors, "score": self.scores, "switch": self.switches, "reason": self.reasons}
        return key == MELD_MINIMUM or name in table.get(kind, ())

    def required(self) -> list[str]:
        """What every preset's links must find: each engine error code, score line and switch,
        and the initial-meld thresholds."""
        return ([f"error:{c}" for c in sorted(self.required_errors)] + [f"score:{k}" for k in sorted(self.scores)]
                + [f"switch:{s}" for s in sorted(self.switches)] + [MELD_MINIMUM])


def load_known(web: Path) -> Known:
    """The keys of the engine importable as `canasta` and of web/i18n's catalogs."""
    from canasta import host, switches, variants

    catalogs = {lang: json.loads((web / "i18n" / f"{lang}.json").read_text(encoding="utf-8")) for lang in LANGS}
    return Known.from_engine(host.ERROR_CODES, switches.SWITCHES, variants.PRESETS, catalogs)


# --- the checks (each returns its problems, one line each) ----------------------------


def check_page(page: Page, known: Known, examples: Path) -> list[str]:
    """One fragment: starts with <h1>, unique kebab-case ids, known keys, every section
    with an existing example."""
    where = page.where
    problems = [f"{where}: {p}" for p in page.problems]
    if page.first_tag != "h1":
        problems.append(f"{where}: the fragment must start with <h1> (it starts with <{page.first_tag or 'nothing'}>)")
    seen: dict[str, int] = {}
    for ident, line in page.ids:
        if ident in seen:
            problems.append(f"{where} line {line}: duplicate id {ident!r} (first on line {seen[ident]})")
        seen.setdefault(ident, line)
    for section in page.sections:
        at = f"{where} line {section.line} (section {section.id!r})"
        if not ANCHOR.match(section.id):
            problems.append(f"{at}: the id must be lowercase kebab-case English")
        if not section.title:
            problems.append(f"{at}: no <h{section.level}> heading")
        for key in section.explains:
            if not known.allowed(key):
                problems.append(f"{at}: data-explains names an unknown key {key!r}")
        if not section.examples:
            problems.append(f"{at}: no <{EXAMPLE_TAG} {EXAMPLE_ATTR}=...> example")
    for ident in page.examples:
        if not EXAMPLE_ID.match(ident):
            problems.append(f"{where}: example {ident!r} is not named <game>/<name> (as embed.js takes it)")
        elif not (examples / f"{ident}.json").is_file():
            problems.append(f"{where}: example {ident!r} does not exist (web/examples/{ident}.json)")
    return problems


def shape(page: Page) -> list[tuple[str, tuple[str, ...]]]:
    """What must be the same in both languages: each section's id and keys, in order."""
    return [(s.id, tuple(sorted(s.explains))) for s in page.sections]


def check_languages(pages: Mapping[str, Mapping[str, Page]]) -> list[str]:
    """Every page exists in both languages with the same sections (ids and data-explains)."""
    problems = []
    for slug, by_lang in pages.items():
        missing = [lang for lang in LANGS if lang not in by_lang]
        if missing:
            problems.append(f"{slug}.html exists in {', '.join(sorted(by_lang))} but not in {', '.join(missing)}")
            continue
        base = shape(by_lang[LANGS[0]])
        for lang in LANGS[1:]:
            other = shape(by_lang[lang])
            if other != base:
                odd = sorted(set(base) ^ set(other))
                problems.append(f"{slug}.html: {LANGS[0]} and {lang} differ in their sections (ids, data-explains): "
                                + ("; ".join(f"{i} [{' '.join(k)}]" for i, k in odd) if odd else "another order"))
    return problems


def check_links(pages: Mapping[str, Mapping[str, Page]]) -> list[str]:
    """Links inside the guide (`page.html`, `page.html#id`, `#id`) reach a page and an anchor
    that exist (in the same language)."""
    problems = []
    for slug, by_lang in pages.items():
        for lang, page in by_lang.items():
            for href, line in page.links:
                match = re.fullmatch(r"(?:([a-z-]+)\.html)?(?:#([a-z0-9-]+))?", href)
                if not match or not href or "://" in href:
                    continue
                target = match.group(1) or slug
                anchor = match.group(2)
                other = pages.get(target, {}).get(lang)
                if other is None:
                    problems.append(f"{page.where} line {line}: link to {href!r}: no page {target}.html")
                elif anchor and anchor not in {i for i, _ in other.ids}:
                    problems.append(f"{page.where} line {line}: link to {href!r}: no id {anchor!r} on {target}.html")
    return problems


def preset_pages(pages: Mapping[str, object]) -> dict[str, str]:
    """Each preset's page: its own when that page's source exists, else Classic's."""
    return {preset: slug if slug in pages else "classic" for preset, slug in PRESET_PAGES.items()}


def explains(pages: Mapping[str, Mapping[str, Page]]) -> dict[str, dict[str, str]]:
    """{slug: {key: section id}}: the first section of the page that explains the key."""
    table: dict[str, dict[str, str]] = {}
    for slug, by_lang in pages.items():
        page = by_lang.get(LANGS[0]) or next(iter(by_lang.values()))
        found = table.setdefault(slug, {})
        for section in page.sections:
            for key in section.explains:
                found.setdefault(key, section.id)
    return table


def resolve(table: Mapping[str, Mapping[str, str]], pages_of: Mapping[str, str], preset: str,
            key: str) -> tuple[str, str] | None:
    """(page, anchor) explaining `key` for a game of `preset`: its own page, then FALLBACK."""
    for slug in (pages_of.get(preset, "classic"), *FALLBACK):
        anchor = table.get(slug, {}).get(key)
        if anchor:
            return slug, anchor
    return None


def check_resolution(pages: Mapping[str, Mapping[str, Page]], known: Known) -> list[str]:
    """Every key the game links to resolves for every preset."""
    table, pages_of = explains(pages), preset_pages(pages)
    problems = []
    for key in known.required():
        lost = [p for p in known.presets if resolve(table, pages_of, p, key) is None]
        if lost:
            problems.append(f"{key} is explained by no section for {', '.join(lost)} "
                            f"(looked on {' then '.join(sorted({pages_of.get(p, 'classic') for p in lost}))}, "
                            f"then {', '.join(FALLBACK)})")
    return problems


def check_guide(pages: Mapping[str, Mapping[str, Page]], known: Known, examples: Path) -> list[str]:
    """Every check, on every page."""
    problems: list[str] = []
    for slug in ("classic", "playing"):
        if slug not in pages:
            problems.append(f"{slug}.html is missing: links fall back to it")
    for by_lang in pages.values():
        for page in by_lang.values():
            problems += check_page(page, known, examples)
    return problems + check_languages(pages) + check_links(pages) + check_resolution(pages, known)


def links_json(pages: Mapping[str, Mapping[str, Page]]) -> dict[str, Any]:
    """guide/links.json: what the game's "Why?" links read."""
    return {
        "v": LINKS_VERSION,
        "langs": list(LANGS),
        "pages": preset_pages(pages),
        "fallback": list(FALLBACK),
        "explains": explains(pages),
        "anchors": {slug: [s.id for s in by_lang[LANGS[0]].sections] for slug, by_lang in pages.items()},
    }


# --- rendering ------------------------------------------------------------------------

_EXAMPLE = re.compile(r"<canasta-example\b([^>]*)>(.*?)</canasta-example>", re.S)
_ATTR = re.compile(r'([a-zA-Z-]+)(?:="([^"]*)")?')  #: name="value", or a name alone (compact, preload)


def print_still(record: Mapping[str, Any], lang: str, root: str) -> str:
    """An example's first still as a static figure for print (hidden on screen, where the
    live example stands): the build's drawing with its ids and controls removed, so that
    many stills on a page neither repeat ids nor offer buttons, and its cards (uses of the
    deck document, which the live examples load too) addressed from the guide's folder."""
    frame = record["frames"][0]
    still = frame["html"].get(lang) or frame["html"]["en"]
    still = re.sub(r'\s(?:id|aria-labelledby|data-act|aria-disabled|type)="[^"]*"', "", still)
    still = re.sub(r"<(/?)button\b", r"<\1span", still)
    still = still.replace('href="cards/', f'href="{root}cards/')
    title = record["title"].get(lang) or record["title"]["en"]
    caption = frame["caption"].get(lang) or frame["caption"]["en"]
    # `hidden`: hidden wherever the section is shown (the game's panel takes sections out of
    # these pages), and shown only by the guide's print CSS
    return (f'<figure class="gd-still" hidden aria-hidden="true"><div class="game ex-table" data-players="{frame["players"]}">'
            f'{still}</div><figcaption><strong>{html.escape(title)}</strong> {html.escape(caption)} '
            f'<em>({CHROME[lang]["print_note"]})</em></figcaption></figure>')


def contents(page: Page, pages: Mapping[str, Mapping[str, Page]]) -> str:
    """The guide's contents, for its index page: every other page with its intro."""
    items = "".join(f'<li><a href="{slug}.html">{html.escape(by_lang[page.lang].title)}</a>'
                    f'<p>{html.escape(by_lang[page.lang].intro)}</p></li>'
                    for slug in SLUGS if slug != page.slug and page.lang in (by_lang := pages.get(slug, {})))
    return f'<nav class="gd-contents" aria-labelledby="gd-contents-h"><h2 id="gd-contents-h">{CHROME[page.lang]["games"]}</h2><ol>{items}</ol></nav>'


def render_main(page: Page, stills: Mapping[str, Mapping[str, Any]], root: str, listing: str = "") -> str:
    """The fragment with each example in the page's language and its print still after it,
    and `listing` (the contents) before its first section."""

    def one(match: re.Match[str]) -> str:
        attrs: dict[str, str | None] = {m[1]: m[2] for m in _ATTR.finditer(match.group(1))}
        ident = attrs.get(EXAMPLE_ATTR) or ""
        attrs.setdefault("lang", page.lang)
        tag = ("<canasta-example " + " ".join(k if v is None else f'{k}="{html.escape(v)}"' for k, v in attrs.items()) + ">"
               + match.group(2) + "</canasta-example>")
        record = stills.get(ident)
        return tag + (print_still(record, page.lang, root) if record else "")

    text = _EXAMPLE.sub(one, page.source)
    at = text.find("<section")
    return text[:at] + listing + "\n" + text[at:] if listing and at >= 0 else text + listing


def toc(page: Page) -> str:
    """The table of contents: one link per section, nested sections in a nested list."""
    parts, depth = ["<ol>"], 2
    for n, section in enumerate(page.sections):
        if n and section.level > depth:
            parts.append("<ol>")
        elif n:
            parts.append("</li>" + "</ol></li>" * (depth - section.level))
        depth = section.level
        parts.append(f'<li><a href="#{section.id}">{html.escape(section.title)}</a>')
    parts.append("</li>" + "</ol></li>" * (depth - 2) + "</ol>" if page.sections else "</ol>")
    return "".join(parts)


def render_page(page: Page, pages: Mapping[str, Mapping[str, Page]], stills: Mapping[str, Mapping[str, Any]]) -> str:
    lang, slug, t = page.lang, page.slug, CHROME[page.lang]
    root = "../../"
    order = [s for s in SLUGS if s in pages]
    current = ' aria-current="page"'
    nav = "".join(f'<li><a href="{s}.html"{current if s == slug else ""}>{NAV_NAMES[lang][s]}</a></li>' for s in order)
    others = "".join(
        f'<a class="gd-lang" href="../{other}/{slug}.html" hreflang="{other}" lang="{other}">'
        f'{CHROME[other]["language"]}</a>' for other in LANGS if other != lang)
    alternates = "".join(f'<link rel="alternate" hreflang="{other}" href="../{other}/{slug}.html">'
                         for other in LANGS if other != lang)
    at = order.index(slug)
    steps = []
    if at > 0:
        steps.append(f'<a rel="prev" href="{order[at - 1]}.html">← {t["prev"]}: {html.escape(pages[order[at - 1]][lang].title)}</a>')
    if at + 1 < len(order):
        steps.append(f'<a rel="next" href="{order[at + 1]}.html">{t["next"]}: {html.escape(pages[order[at + 1]][lang].title)} →</a>')
    # folded on a phone, so that the page starts with its title; guide.js opens it on a wide screen
    toc_nav = (f'<nav class="gd-toc" aria-label="{t["toc"]}"><details><summary>{t["toc"]}</summary>{toc(page)}'
               f'</details></nav>' if page.sections else "")
    return f"""<!doctype html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{html.escape(page.title)} · Canasta</title>
<meta name="color-scheme" content="light">
{alternates}
<link rel="icon" href="{root}favicon.ico">
<link rel="stylesheet" href="{root}style.css">
<link rel="stylesheet" href="../guide.css">
<link rel="stylesheet" href="{root}game.css" media="print">
<link rel="stylesheet" href="{root}embed.css" media="print">
<script src="../guide.js" defer></script>
<script src="{root}embed.js" async></script>
</head>
<body class="gd" data-root="{root}">
<a class="gd-skip" href="#gd-main">{t["skip"]}</a>
<header class="gd-head">
<a class="gd-site" href="{root}index.html">Canasta <span>· {t["game"]}</span></a>
<a class="gd-home" href="index.html">{t["guide"]}</a>
{others}
</header>
<nav class="gd-games" aria-label="{t["games"]}"><ul>{nav}</ul></nav>
<div class="gd-layout">
{toc_nav}
<main id="gd-main" class="gd-main">
{render_main(page, stills, root, contents(page, pages) if slug == "index" else "")}
</main>
</div>
<nav class="gd-steps" aria-label="{t["prev"]} / {t["next"]}">{"".join(steps)}</nav>
</body>
</html>
"""


def render_chooser(pages: Mapping[str, Mapping[str, Page]]) -> str:
    """guide/index.html: one link per language; guide.js follows the browser's language."""
    links = "".join(
        f'<li><a href="{lang}/index.html" hreflang="{lang}" lang="{lang}">{html.escape(pages["index"][lang].title if "index" in pages else "Canasta")}'
        f' — {CHROME[lang]["language"]}</a></li>' for lang in LANGS)
    return f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Canasta: how to play · Règles du jeu</title>
<link rel="icon" href="../favicon.ico">
<link rel="stylesheet" href="../style.css">
<link rel="stylesheet" href="guide.css">
<script src="guide.js" defer></script>
</head>
<body class="gd" data-root="../" data-choose-lang="{' '.join(LANGS)}">
<header class="gd-head"><a class="gd-site" href="../index.html">Canasta</a></header>
<main id="gd-main" class="gd-main gd-chooser">
<h1>Canasta</h1>
<p>{CHROME["en"]["choose"]} · <span lang="fr">{CHROME["fr"]["choose"]}</span></p>
<ul>{links}</ul>
</main>
</body>
</html>
"""


def read_stills(out: Path, idents: Iterable[str]) -> dict[str, Any]:
    found = {}
    for ident in set(idents):
        path = out / "examples" / f"{ident}.frames.json"
        if path.is_file():
            found[ident] = json.loads(path.read_text(encoding="utf-8"))
    return found


def build_guide(web: Path, out: Path, known: Known) -> dict[str, int]:
    """Check every source, then write OUT/guide/. Raises GuideError listing every problem."""
    pages = read_sources(web / "guide")
    problems = check_guide(pages, known, web / "examples")
    if problems:
        raise GuideError("\n".join(problems))
    idents = [i for by_lang in pages.values() for p in by_lang.values() for i in p.examples]
    stills = read_stills(out, idents)
    target = out / "guide"
    for slug, by_lang in pages.items():
        for lang, page in by_lang.items():
            (target / lang).mkdir(parents=True, exist_ok=True)
            (target / lang / f"{slug}.html").write_text(render_page(page, pages, stills), encoding="utf-8")
    (target / "index.html").write_text(render_chooser(pages), encoding="utf-8")
    (target / "links.json").write_text(json.dumps(links_json(pages), indent=1) + "\n", encoding="utf-8")
    return {"pages": sum(len(by_lang) for by_lang in pages.values()), "examples": len(idents)}


def main(argv: Sequence[str]) -> int:
    wheel, web, out = Path(argv[0]), Path(argv[1]), Path(argv[2])
    sys.path.insert(0, str(wheel))
    try:
        counts = build_guide(web, out, load_known(web))
    except GuideError as error:
        print(f"the rules guide (web/guide/) has problems:\n{error}", file=sys.stderr)
        return 1
    print(f"guide: {counts['pages']} pages, {counts['examples']} embedded examples")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
