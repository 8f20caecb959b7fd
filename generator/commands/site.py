"""Build the rules site: Polish and English mkdocs-material sites generated from the data.

Writes OUT/site/pl/, OUT/site/en/ and OUT/site/index.html (built with `mkdocs build --strict`) and the
generated mkdocs projects into OUT/site-src/. Print files listed in OUT/manifest.json (from an earlier
`pnp build`) are copied into the site as downloads. Without GAME arguments every game that validates is
included and games with data errors are skipped with a warning; named games must validate."""
from __future__ import annotations

import time

from generator.commands.common import validated
from generator.console import err_console, out_console
from generator.errors import DataErrors, Severity
from generator.write.atomic import OutputDir
from generator.write.manifest import Manifest

SITE = "site"  # the built site under OUT (the same name targets/site.py writes)
HELP = "build the rules site (pl + en) into OUT/site with mkdocs --strict"


def add_arguments(parser) -> None:
    parser.add_argument("games", nargs="*", metavar="GAME", help="game ids (default: every game that validates)")
    parser.add_argument("--lang", action="append", choices=["pl", "en"],
                        help="build only this language (repeatable; default: pl and en)")


def run(args) -> int:
    report = build(args)
    out_console().print(f"site: {len(report.games)} games ({', '.join(report.games) or 'none'}), "
                        f"{report.pages} pages in {', '.join(report.languages)}, "
                        f"built in {report.seconds:.1f} s → {args.out / SITE}")
    return 0


def build(args):
    """Validate, build the site into staging, then move it into place (the old site stays on failure)."""
    from generator.rules_site import SiteGame, build_site
    from generator.rules_site.i18n import LANGS
    from generator.targets.site import SITE_SRC, artifact_finder

    results = validated(args, getattr(args, "games", None) or None)
    games, skipped = [], []
    for r in results:
        if r.ok:
            games.append(r)
        else:
            skipped.append(r)
    if skipped and (getattr(args, "games", None) or not games):
        raise DataErrors([i for r in skipped for i in r.issues if i.severity == Severity.ERROR])
    for r in skipped:
        err_console().print(f"[yellow]warning:[/] skipping {r.game_id}: {r.count(Severity.ERROR)} data errors "
                            f"(see `pnp validate {r.game_id}`)")
    out = OutputDir(args.out)
    manifest = Manifest.load(out, set())
    langs = tuple(dict.fromkeys(getattr(args, "lang", None) or LANGS))
    site_games = [SiteGame(r.index, r, manifest.of_game(r.game_id)) for r in games]
    start = time.monotonic()
    with out.transaction():
        if set(langs) >= set(LANGS):
            site_dir, src_dir = out.claim(SITE), out.claim(SITE_SRC)
        else:  # one language: replace only its folders, keep the other language's site
            for lang in langs:
                out.claim(f"{SITE}/{lang}")
                out.claim(f"{SITE_SRC}/{lang}")
            site_dir, src_dir = out.path(SITE), out.path(SITE_SRC)
        report = build_site(site_games, site_dir, src_dir, langs, resolve_artifact=artifact_finder(out))
    report.seconds = time.monotonic() - start
    return report
