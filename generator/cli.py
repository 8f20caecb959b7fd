"""`pnp` — the command group. Parses arguments, calls one command, maps errors to exit codes:
0 clean, 1 data errors, 2 usage errors, 3 internal error (a bug; --debug shows the traceback)."""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from rich.markup import escape

from generator import __version__
from generator.console import err_console, safe_text
from generator.errors import DataErrors, PnpError, UsageError
from generator.write.atomic import describe_oserror, environment_oserror

EXIT_OK, EXIT_DATA, EXIT_USAGE, EXIT_INTERNAL = 0, 1, 2, 3

# pnp uses no pydantic plugins; looking for them reads every installed package's entry points (~40 ms a run)
os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # argparse's own usage errors: exit 2 with a short message
        self.print_usage(sys.stderr)
        _usage_exit(message)


def _usage_exit(message: str):
    err_console().print(f"[bold red]pnp: usage error:[/] {escape(message)}", highlight=False)
    raise SystemExit(EXIT_USAGE)


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--data", type=Path, default=Path(os.environ.get("PNP_DATA", "cards_data")),
                        help="folder of games (default ./cards_data)")
    parser.add_argument("--out", type=Path, default=Path(os.environ.get("PNP_OUT", "output")),
                        help="output folder (default ./output)")
    parser.add_argument("--debug", action="store_true", help="show tracebacks of internal errors")
    parser.add_argument("--overlay", type=Path, metavar="DIR", help="owner's overlay: DIR/<game>/*.yaml fills unknowns")


def build_parser(verb: str | None = None) -> argparse.ArgumentParser:
    """The whole command line; with ``verb``, only that verb's module is imported and its parser filled
    (the other verbs stay names, enough for argparse to accept or refuse the verb)."""
    from generator.commands import COMMANDS, VERBS

    parser = _Parser(prog="pnp", description="Print-and-play generator and rules reference for board games.")
    parser.add_argument("--version", action="version", version=f"pnp {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for name in VERBS:
        if verb is not None and name != verb:
            sub.add_parser(name)
            continue
        module = COMMANDS[name]
        p = sub.add_parser(name, help=module.HELP, description=module.__doc__)
        _common(p)
        module.add_arguments(p)
        p.set_defaults(run=module.run)
    return parser


def _verb(argv: list[str]) -> str | None:
    """The verb a command line names (its first word that is not an option), when it is one of pnp's."""
    from generator.commands import VERBS

    first = next((a for a in argv if not a.startswith("-")), None)
    return first if first in VERBS else None


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    parser = build_parser(_verb(argv))
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0) if not isinstance(exc.code, str) else EXIT_USAGE
    if not getattr(args, "run", None):
        parser.print_help()
        return EXIT_USAGE
    try:
        return int(args.run(args) or 0)
    except UsageError as exc:
        err_console().print(f"[bold red]pnp: usage error:[/] {escape(safe_text(str(exc), limit=2000))}",
                            highlight=False)
        return EXIT_USAGE
    except DataErrors as exc:
        for issue in sorted(exc.issues, key=lambda i: i.sort_key()):
            err_console().print(f"[bold red]error:[/] {escape(safe_text(issue.format(), limit=2000))}")
        return EXIT_DATA
    except PnpError as exc:
        err_console().print(f"[bold red]error:[/] {escape(safe_text(str(exc), limit=2000))}", highlight=False)
        return EXIT_DATA
    except KeyboardInterrupt:
        err_console().print("[yellow]interrupted; earlier outputs are untouched[/]")
        return 130
    except Exception as exc:  # noqa: BLE001 - last line of defence: a bug, reported without a traceback
        cause = environment_oserror(exc)
        if cause is not None:  # the disk or the folder, not pnpforge: a full disk, a file-size limit, …
            err_console().print(f"[bold red]error:[/] {escape(safe_text(describe_oserror(cause, verb='use')))}",
                                highlight=False)
            return EXIT_DATA
        if getattr(args, "debug", False):
            raise
        err_console().print(f"[bold red]pnp: internal error:[/] {type(exc).__name__}: "
                            f"{escape(safe_text(str(exc), limit=2000))} "
                            "(this is a bug in pnpforge; rerun with --debug for the traceback)", highlight=False)
        return EXIT_INTERNAL


def entry() -> int:
    """The `pnp` program: ``main``, then the interpreter left to exit quickly — every object still alive is
    moved out of the cyclic collector's reach (``gc.freeze``), so shutting down does not scan a heap that
    is about to be dropped whole (70 ms of a 0.5 s `pnp validate`). Exit handlers still run."""
    import gc

    code = main()
    gc.freeze()
    return code


if __name__ == "__main__":
    sys.exit(entry())
