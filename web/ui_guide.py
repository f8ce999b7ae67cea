# Links from the game into the rules guide (guide/<lang>/<page>.html#<section>).
#
# The guide's build (build/render_guide.py) writes guide/links.json: which page explains
# each game, and for every page the section that explains each key (a refusal's engine
# error code, a score sheet line, a house-rule switch, a hint's reason, the initial-meld
# thresholds). The game only looks keys up here; what a rule says is the guide's.
#
# Keys: "error:<code>", "score:<line>", "switch:<id>", "reason:<code>", "meld-minimum".

ERROR = "error:"
SCORE = "score:"
SWITCH = "switch:"
REASON = "reason:"
MELD_MINIMUM = "meld-minimum"


class Guide:
    """guide/links.json, read: the page of each game and the sections of each page."""

    def __init__(self, links):
        links = links if isinstance(links, dict) else {}
        self.langs = _names(links.get("langs"))
        self.pages = links.get("pages") if isinstance(links.get("pages"), dict) else {}
        self.fallback = _names(links.get("fallback"))
        self.explains = links.get("explains") if isinstance(links.get("explains"), dict) else {}

    def page(self, variant):
        """The page slug of a game (a preset's name), the first fallback for an unknown one."""
        page = self.pages.get(variant)
        if isinstance(page, str):
            return page
        return self.fallback[0] if self.fallback else ""

    def _lang(self, lang):
        if lang in self.langs or not self.langs:
            return lang
        return self.langs[0]

    def page_href(self, lang, variant):
        """The guide's page of a game, or "" without a guide."""
        page = self.page(variant)
        return "guide/" + self._lang(lang) + "/" + page + ".html" if page else ""

    def href(self, lang, variant, key):
        """The section that explains ``key`` for this game: on the game's page first, then
        on the fallback pages (Classic, then the page about playing on this site); "" if
        no page explains it."""
        if not key:
            return ""
        for page in [self.page(variant)] + self.fallback:
            sections = self.explains.get(page)
            if isinstance(sections, dict) and isinstance(sections.get(key), str):
                return "guide/" + self._lang(lang) + "/" + page + ".html#" + sections[key]
        return ""

    def linker(self, lang, variant):
        """``key -> href`` for one table (what the renderers are given)."""
        def why(key):
            return self.href(lang, variant, key)
        return why


def _names(value):
    """A list of names from the links' data, [] if it is not one."""
    return [x for x in value if isinstance(x, str)] if isinstance(value, list) else []


def no_links(key):
    """The linker of a screen without a guide (an example's still)."""
    return ""
