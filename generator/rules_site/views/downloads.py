"""The print page: the game's PDFs grouped the way people print them (home A4, home Letter, print shop,
boards …), its board images, and how to print — read from the typed manifest entries (``Artifact``)."""
from __future__ import annotations

from functools import cached_property
from typing import Any

from markupsafe import Markup

from generator.model.index import GameIndex
from generator.rules_site.i18n import LANGS, t
from generator.rules_site.markup import safe_id
from generator.rules_site.views.common import GameBase, text
from generator.write.manifest import Artifact


class PrintView(GameBase):
    @cached_property
    def downloads(self) -> list[dict]:
        out = []
        for art in self.game.artifacts:
            path = art.path
            name = self.game.downloads.get(path)
            if not name or not path.lower().endswith(".pdf"):
                continue
            if art.lang and art.kind == "rules" and art.lang != self.lang:
                continue  # the rules reference in the page's own language only
            out.append(self._download_row(art, name))
        return out

    @cached_property
    def download_groups(self) -> list[dict]:
        """PDFs grouped the way people print them: home A4, home Letter, print shop, boards …"""
        groups: dict[tuple, dict] = {}
        for row in self.downloads:
            key = (row["group_order"], row["group"])
            groups.setdefault(key, {"title": row["group"], "note": row["group_note"], "rows": []})["rows"].append(row)
        out = []
        for key in sorted(groups):
            group = groups[key]
            group["rows"].sort(key=lambda r: (ARTIFACT_ORDER.get(r["kind"], 99), r["name"]))
            out.append(group)
        return out

    @cached_property
    def board_images(self) -> list[dict]:
        out = []
        for art in self.game.artifacts:
            path = art.path
            name = self.game.downloads.get(path)
            if name and path.lower().endswith(".svg"):
                out.append({"file": safe_id(f"files/{name}"), "name": name,
                            "title": art_title(art, self.index, self.lang) or name})
        return out

    def _download_row(self, art: Artifact, name: str) -> dict:
        pages = art.pages
        sides = duplex_mode(art.duplex)
        how = {"long": self.t("duplex_long"), "short": self.t("duplex_short"), "none": self.t("single_sided"),
               "fold": self.t("fold_over"), None: ""}[sides]
        sheets = None if pages is None else (pages + 1) // 2 if sides in ("long", "short") else pages
        kind = art.kind or ""
        profile = art.profile or ""
        paper = art.paper or ""
        group_order, group, note = download_group(kind, profile, paper, self.lang)
        return {"file": safe_id(f"files/{name}"), "name": name, "kind": kind,
                "kind_name": artifact_kind_name(kind, self.lang),
                "title": art_title(art, self.index, self.lang) or self._contents_text(art.contents),
                "paper": PAPER_NAMES.get(paper, paper.upper()), "profile": profile,
                "pages": pages if pages is not None else "", "sheets": sheets if sheets is not None else "",
                "how": how, "size": human_size(art.bytes), "group": group, "group_order": group_order,
                "group_note": note}

    def _contents_text(self, contents: Any) -> str:
        if isinstance(contents, dict):
            return ", ".join(f"{self.item_name(str(k))} ×{v}" if isinstance(v, int) else self.item_name(str(k))
                             for k, v in contents.items())
        return ""

    @property
    def print_steps(self) -> list[Markup]:
        return [Markup(s) for s in self.t("print_steps").split("|")]



ARTIFACT_ORDER = {k: i for i, k in enumerate(("cards", "tokens", "tiles", "dice", "aids", "board", "calibration"))}
ARTIFACT_KINDS = {
    "cards": ("karty", "cards"), "tokens": ("żetony i znaczniki", "tokens and markers"),
    "tiles": ("kafelki", "tiles"), "dice": ("kości (siatki)", "dice (nets)"), "aids": ("pomoce gracza", "player aids"),
    "calibration": ("arkusz kalibracyjny", "calibration sheet"), "board": ("plansza", "board"),
    "rules": ("zasady do druku", "printable rules"),
}
PAPER_NAMES = {"a4": "A4", "letter": "US Letter"}


def artifact_kind_name(kind: str, lang: str) -> str:
    names = ARTIFACT_KINDS.get(kind)
    return names[LANGS.index(lang)] if names else kind


def download_group(kind: str, profile: str, paper: str, lang: str) -> tuple[int, str, str]:
    """(order, title, note) of the download group a print file belongs to."""
    paper_name = PAPER_NAMES.get(paper, paper.upper())
    if kind == "rules":
        return 0, t("rules_pdf_title", lang), t("rules_pdf_note", lang)
    if kind == "board" or profile in ("poster", "onepage"):
        return 3, t("group_boards", lang, paper=paper_name) if paper else t("boards", lang), t("group_boards_note", lang)
    if profile == "home" or (paper and profile in ("", "home")):
        return (1 if paper == "a4" else 2), t("group_home", lang, paper=paper_name), t("group_home_note", lang)
    if profile in ("printshop", "shop", "print-shop"):
        return 4, t("group_shop", lang), t("group_shop_note", lang)
    return 5, profile or t("other_files", lang), ""


def duplex_mode(value: Any) -> str | None:
    """A manifest entry's duplex field → 'long' | 'short' | 'none' | 'fold' | None (not recorded)."""
    if value is True:
        return "long"
    if value is False:
        return "none"
    if not isinstance(value, str):
        return None
    v = value.lower()
    for key, words in (("fold", ("fold",)), ("short", ("short",)), ("long", ("long", "duplex")),
                       ("none", ("none", "no", "single", "simplex", "off"))):
        if any(w == v or w in v.split("-") or v.startswith(w) for w in words):
            return key
    return None


def human_size(size: Any) -> str:
    if not isinstance(size, int):
        return ""
    if size < 1024 * 1024:
        return f"{max(1, round(size / 1024))} KB"
    return f"{size / 1024 / 1024:.1f} MB"


def art_title(art: Artifact, index: GameIndex, lang: str) -> str:
    """A readable title for a manifest entry: its board's name and variant (the ids the target recorded)."""
    board = next((b for b in index.data.boards if b.id == art.board), None)
    if board is None:
        return ""
    name = text(board.name, lang)
    return f"{name} ({art.variant})" if art.variant else name
