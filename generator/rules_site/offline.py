"""The offline copy: the built site as one zip that works when opened from disk (``file://``).

A browser shows a folder listing for ``rules/`` from disk, so every relative link that names a folder
gets its ``index.html``; the search loads its index with ``<script>`` tags, which ``file://`` allows.
Print files (``<game>/files/``) stay out — they are downloads of their own and would make the copy
heavy. Entries carry a fixed date, so the same site gives the same zip; an incremental build carries the
members whose files did not change over from the last zip, still compressed (``write_offline_zip``).
"""
from __future__ import annotations

import hashlib
import os
import re
import struct
import zipfile
import zlib
from pathlib import Path

ARCHIVE = "offline.zip"
FOLDER = "pnpforge-rules"      # the folder the zip unpacks into
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


def write_offline_zip(site_dir: Path, target: Path, previous: Path | None = None) -> int:
    """Zip ``site_dir`` (without print files, without itself) for ``file://``; returns the zip's size.

    ``previous``: the zip of the last build (in place, only read). A member whose source file has the same
    bytes as the one that zip was made from, by the same engine, is copied from it still compressed
    instead of being rewritten and compressed again: the zip comes out byte for byte as a fresh one."""
    files = sorted(p for p in site_dir.rglob("*") if p.is_file() and p != target
                   and "files" not in p.relative_to(site_dir).parts[:-1]
                   and not p.name.endswith((".zip", ".gz")) and p.name != "sitemap.xml")
    if len(files) > _MAX_MEMBERS or sum(p.stat().st_size for p in files) > _MAX_BYTES:
        return _write_with_zipfile(site_dir, target, files)  # zip64 territory: the standard library's writer
    comment = f"{FOLDER} {_engine()}".encode("ascii")
    old = _old_members(previous, comment) if previous is not None else {}
    central = []
    with open(target, "wb") as fh:
        for path in files:
            name = f"{FOLDER}/{path.relative_to(site_dir).as_posix()}"
            data = path.read_bytes()
            digest = hashlib.sha256(data).digest()[:_DIGEST]
            member = old.get(name)
            if member is None or member[0] != digest:
                if path.suffix == ".html":
                    data = offline_html(data.decode("utf-8")).encode("utf-8")
                packer = zlib.compressobj(_LEVEL, zlib.DEFLATED, -15)
                member = (digest, zlib.crc32(data), len(data), packer.compress(data) + packer.flush())
            _, crc, size, raw = member
            encoded = name.encode("utf-8")
            flags = 0 if encoded.isascii() else _UTF8
            extra = _EXTRA.pack(_EXTRA_ID, _DIGEST) + digest  # in both headers, as readers expect
            offset = fh.tell()
            fh.write(_LOCAL.pack(_LOCAL_SIG, _VERSION, flags, zipfile.ZIP_DEFLATED, _DOS_TIME, _DOS_DATE, crc,
                                 len(raw), size, len(encoded), len(extra)) + encoded + extra + raw)
            central.append(_CENTRAL.pack(_CENTRAL_SIG, _MADE_BY, _VERSION, flags, zipfile.ZIP_DEFLATED, _DOS_TIME,
                                         _DOS_DATE, crc, len(raw), size, len(encoded), len(extra), 0, 0, 0,
                                         _ATTR, offset) + encoded + extra)
        start = fh.tell()
        directory = b"".join(central)
        fh.write(directory + _END.pack(_END_SIG, 0, 0, len(central), len(central), len(directory), start,
                                       len(comment)) + comment)
    return target.stat().st_size


# --- the zip format, written by hand so that members can be carried over from the last build's zip ---

_LEVEL = 6  # zlib's default: level 9 takes twice as long for a zip 0.4 % smaller
_FIXED_DATE = (2020, 1, 1, 0, 0, 0)
_DOS_DATE = (_FIXED_DATE[0] - 1980) << 9 | _FIXED_DATE[1] << 5 | _FIXED_DATE[2]
_DOS_TIME = _FIXED_DATE[3] << 11 | _FIXED_DATE[4] << 5 | _FIXED_DATE[5] // 2
_VERSION = 20  # 2.0: deflate
_MADE_BY = 3 << 8 | _VERSION  # Unix, so the permissions below are read
_ATTR = 0o644 << 16
_UTF8 = 0x800
_LOCAL_SIG, _CENTRAL_SIG, _END_SIG = 0x04034B50, 0x02014B50, 0x06054B50
_LOCAL = struct.Struct("<IHHHHHIIIHH")
_CENTRAL = struct.Struct("<IHHHHHHIIIHHHHHII")
_END = struct.Struct("<IHHHHIIH")
_EXTRA = struct.Struct("<HH")
_EXTRA_ID = 0x7066  # "fp": this program's own extra field (readers skip fields they do not know)
_DIGEST = 16  # bytes of the SHA-256 of a member's source file, kept in its central directory entry
_MAX_MEMBERS = 60_000  # below the format's 65,535 members …
_MAX_BYTES = 2**31  # … and its 4 GB offsets (deflate never grows data by half)


def _engine() -> str:
    from generator.write.cache import engine_hash

    return engine_hash()


def _old_members(previous: Path, comment: bytes) -> dict[str, tuple[bytes, int, int, bytes]]:
    """name → (source digest, CRC, size, compressed bytes) of every member of the last build's zip, when
    this engine wrote it; {} when it cannot be read as one."""
    try:
        with zipfile.ZipFile(previous) as zf, open(previous, "rb") as fh:
            if zf.comment != comment:
                return {}
            found = {}
            for info in zf.infolist():
                extra = info.extra
                if (info.compress_type != zipfile.ZIP_DEFLATED or len(extra) != _EXTRA.size + _DIGEST
                        or _EXTRA.unpack_from(extra) != (_EXTRA_ID, _DIGEST)):
                    return {}
                fh.seek(info.header_offset)
                head = _LOCAL.unpack(fh.read(_LOCAL.size))
                if head[0] != _LOCAL_SIG or head[6:9] != (info.CRC, info.compress_size, info.file_size):
                    return {}
                fh.seek(head[9] + head[10], os.SEEK_CUR)
                raw = fh.read(info.compress_size)
                if len(raw) != info.compress_size:
                    return {}
                found[info.filename] = (extra[_EXTRA.size:], info.CRC, info.file_size, raw)
            return found
    except (OSError, zipfile.BadZipFile, struct.error, ValueError, UnicodeDecodeError):
        return {}


def _write_with_zipfile(site_dir: Path, target: Path, files: list[Path]) -> int:
    with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=_LEVEL) as zf:
        for path in files:
            rel = path.relative_to(site_dir).as_posix()
            info = zipfile.ZipInfo(f"{FOLDER}/{rel}", date_time=_FIXED_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = _ATTR
            data = path.read_bytes()
            if path.suffix == ".html":
                data = offline_html(data.decode("utf-8")).encode("utf-8")
            zf.writestr(info, data)
    return target.stat().st_size
