"""Files the package needs at run time besides its code: the site's templates and mkdocs project and the
data-format page. In a checkout they are links to the top-level `templates/`, `site/` and `docs/DATA.md`
(where contributors edit them); a built wheel carries copies, so an installed `pnp` works from any folder."""
from __future__ import annotations

from importlib import resources
from pathlib import Path


def path(name: str) -> Path:
    return Path(str(resources.files("generator.resources") / name))


TEMPLATES = path("templates")
SITE_PROJECT = path("site")
DATA_DOC = path("DATA.md")
