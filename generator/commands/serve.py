"""Serve the rules site on 127.0.0.1 and rebuild everything (incrementally) when the data, templates or
site project change.

Builds like `pnp build` first (`--site-only`: like `pnp site`), then serves OUT/site/ (http://127.0.0.1:PORT/pl/ and /en/). A rebuild that
fails (data errors, mkdocs warnings) prints the errors and keeps serving the last good site."""
from __future__ import annotations

import functools
import http.server
import threading
import time
from pathlib import Path

from rich.markup import escape

from generator.commands import site as site_command
from generator.console import err_console, out_console
from generator.errors import DataErrors, PnpError

HELP = "serve the rules site locally (127.0.0.1) and rebuild it on data changes"
HOST = "127.0.0.1"


def add_arguments(parser) -> None:
    site_command.add_arguments(parser)
    parser.add_argument("--port", type=int, default=8000, help="port on 127.0.0.1 (default 8000; 0 = any free)")
    parser.add_argument("--interval", type=float, default=1.0, help="seconds between change checks")
    parser.add_argument("--no-watch", action="store_true", help="serve without rebuilding on changes")
    parser.add_argument("--site-only", action="store_true",
                        help="rebuild only the site (default: everything, incrementally, so downloads are never stale)")


class _Handler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):
        pass


def watched_files(args) -> dict[Path, float]:
    """mtime of every file whose change should rebuild the site."""
    from generator.rules_site.nav import CODE, SITE_PROJECT
    from generator.rules_site.pages import DATA_DOC, TEMPLATES

    stamps: dict[Path, float] = {}
    roots = [Path(args.data), TEMPLATES, SITE_PROJECT, CODE]
    for root in roots:
        if not root.exists():
            continue
        for path in root.rglob("*"):
            if path.is_file() and not path.name.startswith("."):
                try:
                    stamps[path] = path.stat().st_mtime
                except OSError:
                    pass
    if DATA_DOC.exists():
        stamps[DATA_DOC] = DATA_DOC.stat().st_mtime
    return stamps


def _build_options(args):
    """What `pnp build` is asked for in a serve rebuild: every target, only what changed is redone."""
    from generator.pipeline import BuildOptions

    return BuildOptions(data=args.data, out=args.out, games=tuple(getattr(args, "games", None) or ()),
                        overlay=getattr(args, "overlay", None))


def _rebuild(args) -> bool:
    start = time.monotonic()
    try:
        if getattr(args, "site_only", False):
            site_command.build(args)
        else:  # prints, boards and site together: the site's downloads are the files just written
            from generator.pipeline import run_build

            run_build(_build_options(args))
    except DataErrors as exc:
        for issue in sorted(exc.issues, key=lambda i: i.sort_key()):
            err_console().print(f"[bold red]error:[/] {escape(issue.format())}")
        err_console().print("[yellow]serving the last good site[/]")
        return False
    except PnpError as exc:
        err_console().print(f"[bold red]error:[/] {escape(str(exc))}")
        err_console().print("[yellow]serving the last good site[/]")
        return False
    out_console().print(f"rebuilt in {time.monotonic() - start:.1f} s")
    return True


def serve(args, stop: threading.Event | None = None, ready=None) -> int:
    """Build, serve and watch until ``stop`` is set (or Ctrl-C). ``ready(url)`` is called once serving."""
    stop = stop or threading.Event()
    _rebuild(args)
    root = (Path(args.out) / site_command.SITE).resolve()
    root.mkdir(parents=True, exist_ok=True)
    handler = functools.partial(_Handler, directory=str(root))
    server = http.server.ThreadingHTTPServer((HOST, args.port), handler)
    url = f"http://{HOST}:{server.server_address[1]}/"
    thread = threading.Thread(target=server.serve_forever, name="pnp-serve", daemon=True)
    thread.start()
    out_console().print(f"serving {url} (pl: {url}pl/, en: {url}en/) — Ctrl-C stops")
    if ready:
        ready(url)
    try:
        stamps = watched_files(args)
        while not stop.wait(args.interval):
            if args.no_watch:
                continue
            now = watched_files(args)
            if now != stamps:
                time.sleep(0.2)  # let an editor finish writing
                stamps = watched_files(args)
                out_console().print("change detected; rebuilding…")
                _rebuild(args)
    except KeyboardInterrupt:
        pass
    finally:
        server.shutdown()
        server.server_close()
    return 0


def run(args) -> int:
    return serve(args)
