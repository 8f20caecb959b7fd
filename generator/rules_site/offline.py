"""The offline copy: the built site as one zip that works when opened from disk (``file://``).

A browser shows a folder listing for ``rules/`` from disk, so every relative link that names a folder
gets its ``index.html``; the search loads its index with ``<script>`` tags, which ``file://`` allows.
Print files (``<game>/files/``) stay out — they are downloads of their own and would make the copy
heavy. Entries carry a fixed date, so the same site gives the same zip.
"""
from __future__ import annotations

import re
import zipfile
from pathlib import Path

ARCHIVE = "offline.zip"
FOLDER = "pnpforge-rules"      # the folder the zip unpacks into
_FIXED_DATE = (2020, 1, 1, 0, 0, 0)
_HREF = re.compile(r'(\b(?:href|src)=")([^"]*)(")')
_META_REFRESH = re.compile(r'(<meta http-equiv="refresh" content="\d+; url=)([^"]*)(")')
_JS_REPLACE = re.compile(r'(location\.replace\(lang \+ "/)(" \+ location\.hash\))')


def file_link(url: str) -> str:
    """'../rules/#r-4' → '../rules/index.html#r-4'; absolute, external and same-page links unchanged."""
    if not url or url.startswith(("#", "/", "data:", "javascript:", "mailto:")) or re.match(r"^[a-z][a-z0-9+.-]*:", url):
        return url
    path, sep, rest = url.partition("#")
    path, qsep, query = path.partition("?")
    last = path.rsplit("/", 1)[-1]
    if path.endswith("/"):
        path += "index.html"
    elif last in (".", ".."):
        path += "/index.html"
    return path + (qsep + query if qsep else "") + (sep + rest if sep else "")


def offline_html(text: str) -> str:
    text = _HREF.sub(lambda m: m.group(1) + file_link(m.group(2)) + m.group(3), text)
    text = _META_REFRESH.sub(lambda m: m.group(1) + file_link(m.group(2)) + m.group(3), text)
    return _JS_REPLACE.sub(lambda m: m.group(1) + "index.html" + m.group(2), text)


def write_offline_zip(site_dir: Path, target: Path) -> int:
    """Zip ``site_dir`` (without print files, without itself) for ``file://``; returns the zip's size."""
    files = sorted(p for p in site_dir.rglob("*") if p.is_file() and p != target
                   and "files" not in p.relative_to(site_dir).parts[:-1]
                   and not p.name.endswith((".zip", ".gz")) and p.name != "sitemap.xml")
    with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for path in files:
            rel = path.relative_to(site_dir).as_posix()
            info = zipfile.ZipInfo(f"{FOLDER}/{rel}", date_time=_FIXED_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            data = path.read_bytes()
            if path.suffix == ".html":
                data = offline_html(data.decode("utf-8")).encode("utf-8")
            zf.writestr(info, data)
    return target.stat().st_size
