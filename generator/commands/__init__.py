"""One module per `pnp` verb; each has HELP, add_arguments(parser) and run(args) -> exit code.

A verb's module is imported only when that verb runs (or when the whole help is shown): `pnp validate`
does not pay for the web server, the build pipeline or the drawing libraries."""
from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from types import ModuleType

VERBS = ("validate", "inventory", "setup", "schema", "print", "build", "boards", "site", "serve", "new", "todo")


class _Commands(Mapping[str, ModuleType]):
    """verb → its module, imported on first use."""

    def __getitem__(self, name: str) -> ModuleType:
        if name not in VERBS:
            raise KeyError(name)
        return importlib.import_module(f"generator.commands.{name}")

    def __iter__(self) -> Iterator[str]:
        return iter(VERBS)

    def __len__(self) -> int:
        return len(VERBS)


COMMANDS: Mapping[str, ModuleType] = _Commands()
