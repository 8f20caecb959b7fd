"""The rules site target of `pnp build`: runs after print and boards, links their files, builds pl + en.

Writes output/site/ (the built sites) and output/site-src/ (the generated mkdocs projects) through the
build's staging folder, so a failed site build leaves the previous site in place.
"""
from __future__ import annotations

from pathlib import Path

from generator.console import out_console
from generator.model.index import GameIndex
from generator.plan.check import validated_games
from generator.rules_site import SiteGame, build_site
from generator.rules_site.build import game_languages
from generator.rules_site.i18n import LANGS
from generator.rules_site.views import GameView
from generator.targets.options import SiteOptions
from generator.write.atomic import OutputDir
from generator.write.manifest import Artifact, Manifest

SITE = "site"
SITE_SRC = "site-src"


def generate(indexes: list[GameIndex], out: OutputDir, manifest: Manifest, options: SiteOptions) -> None:
    write_rules_pdfs(indexes, out, manifest)
    games = site_games(indexes, manifest.artifacts, options)
    langs = tuple(lang for lang in LANGS if any(lang in game_languages(g) for g in games)) or LANGS
    previous = previous_site(out)
    drawn = preview_keys(games)  # incremental builds: card pictures of a game with the same inputs are kept
    before = manifest.inputs.get(PREVIEWS_KEY) if previous is not None else None
    same = frozenset(g for g, key in drawn.items() if isinstance(before, dict) and before.get(g) == key)
    pages = manifest.inputs.get(PAGES_KEY) if previous is not None else None
    report = build_site(games, out.claim(SITE), out.claim(SITE_SRC), langs, resolve_artifact=artifact_finder(out),
                        previous=previous, same_previews=same, pages_before=pages if isinstance(pages, dict) else None)
    manifest.inputs[PREVIEWS_KEY] = drawn
    manifest.inputs[PAGES_KEY] = report.page_keys
    incremental = f" (incremental: {', '.join(report.incremental)})" if report.incremental else ""
    out_console().print(f"site: {len(report.games)} games, {report.pages} pages in {', '.join(report.languages)} "
                        f"in {report.seconds:.1f} s{incremental} → {out.root / SITE}")


PREVIEWS_KEY = "site-previews"  # manifest inputs: game → key of what its card pictures are drawn from
PAGES_KEY = "site-pages"  # manifest inputs: lang → game → key of what its pages are made from


def preview_keys(games: list[SiteGame]) -> dict[str, str]:
    """What each game's card pictures are drawn from: the engine, the game's data and its assets."""
    from generator.write import cache

    builds = cache.active()
    return {g.game_id: cache._sha(cache.engine_hash(), cache.stable_json(g.index.data.model_dump(mode="json")),
                                  builds.assets_hash(g.index.folder) if builds is not None else "-")
            for g in games}


def previous_site(out: OutputDir) -> tuple[Path, Path] | None:
    """The site and projects in place, for an incremental rebuild: only in an incremental `pnp build` (a
    build cache holding the previous build's artifacts is active — none with --force)."""
    from generator.write import cache

    builds = cache.active()
    site, src = out.root / SITE, out.root / SITE_SRC
    if builds is None or builds.out is not out or not builds.previous or not site.is_dir() or not src.is_dir():
        return None
    return site, src


def write_rules_pdfs(indexes: list[GameIndex], out: OutputDir, manifest: Manifest,
                     langs: tuple[str, ...] = LANGS) -> list[Artifact]:
    """The printable rules reference of every game of this build, per language (kind ``rules``)."""
    from generator.render.pdf import render_pdf
    from generator.targets.rules_pdf import KIND, rules_scene
    from generator.text import metrics as fonts
    from generator.write import cache

    entries = []
    for index in indexes:
        game = index.game_id
        out.claim(f"{game}/rules")  # replaced whole
        site_game = SiteGame(index, index.report)
        data = None
        for lang in [lang for lang in langs if lang in game_languages(site_game)]:
            path = f"{game}/rules/rules-{lang}.pdf"
            # incremental builds (write/cache.py): the reference is drawn from the game's data alone
            data = data or cache.stable_json(index.data.model_dump(mode="json"))
            if (kept := cache.reuse(out, manifest, path, KIND, lang, data, assets=index.folder)) is not None:
                entries.append(kept)
                continue
            scene = rules_scene(GameView(site_game, lang), fonts.METRICS)
            target = out.write_bytes(path, render_pdf(scene))
            entries.append(manifest.add(out, target, game=game, kind=KIND, lang=lang, profile="reference",
                                        paper="a4", pages=len(scene.pages), duplex="none"))
    return entries


def site_games(indexes: list[GameIndex], artifacts: list[Artifact], options: SiteOptions) -> list[SiteGame]:
    """The games of this build plus, when only some were asked for, every other game that validates,
    so a partial build never drops games from the site. Each carries its validator result: the build's
    own (``GameIndex.report``), or — for a game outside a partial build — the load and validate stages'
    (never the command layer)."""
    wanted = {ix.game_id for ix in indexes}
    results = {ix.game_id: ix.report for ix in indexes if ix.report is not None}  # validated already
    others = None if options.partial else sorted(wanted - set(results))
    if others is None or others:  # a partial build also shows every other game that validates
        results.update({r.game_id: r for r in validated_games(options.data, others, options.overlay) if r.game_id not in results})
    games = []
    for index in indexes:
        games.append(SiteGame(index, results.get(index.game_id), _artifacts_of(artifacts, index.game_id)))
    for game_id, result in sorted(results.items()):
        if game_id in wanted or not result.ok:
            continue
        games.append(SiteGame(result.index, result, _artifacts_of(artifacts, game_id)))
    return sorted(games, key=lambda g: g.game_id)


def _artifacts_of(artifacts: list[Artifact], game_id: str) -> list[Artifact]:
    return [a for a in artifacts if a.game == game_id and a.path]


def artifact_finder(out: OutputDir):
    """Artifacts of this build are still in staging; kept ones from earlier builds are in place."""
    bases = [(base, base.resolve()) for base in (out.stage, out.root)]

    def find(path: str) -> Path | None:
        for base, resolved in bases:
            candidate = (base / path).resolve()
            if resolved in candidate.parents and candidate.is_file():
                return candidate
        return None
    return find


__all__ = ["artifact_finder", "generate", "site_games", "write_rules_pdfs"]
