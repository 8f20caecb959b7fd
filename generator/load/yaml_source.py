"""Safe YAML reading built on PyYAML's event stream.

Why events and not ``yaml.safe_load``: the event parser is iterative, so deep nesting cannot blow the
stack; we see every anchor, alias and tag before anything is built, so alias bombs and object tags are
refused outright; duplicate keys are caught; and every node's position is recorded in a PositionTree
beside the plain data. Timestamps stay strings (no implicit dates).

Speed: events come from libyaml's C parser (``yaml.CParser``, ~20× faster) when PyYAML was built with
it, else from the pure-Python parser. Both give the same events with the same marks (a test compares
them on every shipped game). A file the C path refuses for any reason is parsed again with the Python
parser, so every error message and position is the same whichever parser is installed.
"""
from __future__ import annotations

import marshal
from pathlib import Path
from typing import Any

import yaml
from yaml.constructor import SafeConstructor

from generator.errors import DataErrors, Issue, SourceSpan
from generator.load.positions import PositionTree, pack, with_key
from generator.load.safe_files import UnsafeFile, read_safe
from generator.write import usercache

MAX_FILE_BYTES = 2 * 1024 * 1024
MAX_DEPTH = 64

try:
    from yaml import CSafeLoader as _FastLoader
except ImportError:  # PyYAML built without libyaml
    _FastLoader = None

HAVE_LIBYAML = _FastLoader is not None
_NON_PRINTABLE = yaml.reader.Reader.NON_PRINTABLE

_resolver = yaml.resolver.Resolver()
_constructor = SafeConstructor()


def _fail(file: str, line: int, col: int, message: str, hint: str = "", code: str = "yaml") -> DataErrors:
    return DataErrors([Issue(SourceSpan(file, line, col), "", message, hint=hint, code=code)])


_SCALAR, _ALIAS, _DOC_START = yaml.ScalarEvent, yaml.AliasEvent, yaml.DocumentStartEvent
_MAP_START, _MAP_END = yaml.MappingStartEvent, yaml.MappingEndEvent
_SEQ_START, _SEQ_END = yaml.SequenceStartEvent, yaml.SequenceEndEvent
_plain_cache: dict[str, Any] = {}
_MISS = object()
# first characters of the plain scalars the resolver may type (numbers, booleans, null, …); any other
# first character makes a string (the resolver keys its patterns by first character)
_TYPED_FIRST = frozenset(k for k in _resolver.yaml_implicit_resolvers if k)
assert None not in _resolver.yaml_implicit_resolvers  # no pattern applies to every first character


def _plain(text: str) -> Any:
    """A plain (unquoted, untagged) scalar as a Python value with YAML 1.1 core types, dates left as text.
    Results are immutable, so they are remembered: data repeats the same words and numbers a lot."""
    try:
        return _plain_cache[text]
    except KeyError:
        pass
    if text and text[0] not in _TYPED_FIRST:  # no implicit type starts with this character: a string
        return text
    tag = _resolver.resolve(yaml.ScalarNode, text, (True, False))
    node = yaml.ScalarNode(tag, text)
    value: Any = text
    if tag.endswith(":null"):
        value = None
    elif tag.endswith(":bool"):
        value = _constructor.construct_yaml_bool(node)
    elif tag.endswith(":int"):
        value = _constructor.construct_yaml_int(node)
    elif tag.endswith(":float"):
        value = _constructor.construct_yaml_float(node)
    if len(text) <= 64:
        if len(_plain_cache) > 50_000:
            _plain_cache.clear()
        _plain_cache[text] = value
    return value


def _refuse_node(event, file: str):
    mark = event.start_mark
    if event.anchor:
        raise _fail(file, mark.line + 1, mark.column + 1, f"anchor '&{event.anchor}' is not allowed",
                    "write the value out; anchors and aliases are refused", code="alias")
    raise _fail(file, mark.line + 1, mark.column + 1, f"tag '{event.tag}' is not allowed",
                "only plain YAML data is read (safe loading)", code="tag")


def _decode(raw: bytes, file: str) -> str:
    if raw.startswith(b"\xef\xbb\xbf"):
        raise _fail(file, 1, 1, "file starts with a byte-order mark (BOM)",
                    "save it as UTF-8 without BOM", code="encoding")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = raw[: exc.start]
        line = before.count(b"\n") + 1
        col = exc.start - (before.rfind(b"\n") + 1) + 1
        raise _fail(file, line, col, f"bytes are not valid UTF-8 (byte 0x{raw[exc.start]:02x})",
                    "save the file as UTF-8", code="encoding") from None


LAZY_POSITIONS_CHARS = 64 * 1024  # above this, a file's positions are read only when a message needs one


def read_yaml_text(text: str, file: str, parser: str = "auto", lazy: bool | None = None) -> tuple[Any, PositionTree]:
    """Parse one YAML document into plain data and its positions; raise DataErrors on any problem.

    ``parser``: "auto" (libyaml when present, the Python parser for the message of any refusal),
    "c" or "python" (tests compare the two). A big document (``lazy``; default: over
    ``LAZY_POSITIONS_CHARS``) is read without its positions — a spreadsheet-sized deck's positions would
    outweigh its data — and the text is read again for them the first time a message needs one."""
    if lazy is None:
        lazy = len(text) > LAZY_POSITIONS_CHARS
    if not lazy:
        return _parse(text, file, parser, True)
    data, _ = _parse(text, file, parser, False)
    return data, PositionTree(file, loader=lambda: _parse(text, file, parser, True)[1].root)


def _parse(text: str, file: str, parser: str, track: bool) -> tuple[Any, PositionTree]:
    if parser == "python" or _FastLoader is None:
        return _read(text, file, yaml.SafeLoader, track)
    if parser == "c":
        return _read(text, file, _FastLoader, track)
    if _NON_PRINTABLE.search(text):  # the Python reader's own refusal, with its wording
        return _read(text, file, yaml.SafeLoader, track)
    try:
        return _read(text, file, _FastLoader, track)
    except DataErrors:
        return _read(text, file, yaml.SafeLoader, track)  # the canonical message and position


def _read(text: str, file: str, loader_class, track: bool = True) -> tuple[Any, PositionTree]:
    """The document and its positions (``track=False``: the data alone, positions left empty)."""
    # stack entries: [container, shadow children, pending mapping key, its packed position]
    stack: list[list] = []
    top: list = []
    documents = 0
    root: Any = None
    shadow_root: Any = None

    def attach(value: Any, mark, shadow) -> bool:
        """Put ``value`` (and its shadow) in the current container; False when it became a mapping key."""
        nonlocal root, shadow_root
        if not stack:
            root, shadow_root = value, shadow
            return True
        container = top[0]
        if top[2] is _NO_KEY and not isinstance(container, list):
            if isinstance(value, (dict, list)):
                raise _fail(file, mark.line + 1, mark.column + 1, "a mapping key must be a plain scalar")
            if value in container:
                raise _fail(file, mark.line + 1, mark.column + 1, f"duplicate key '{value}'",
                            "each key may appear once in a mapping", code="duplicate-key")
            top[2], top[3] = value, shadow
            return False
        if isinstance(container, list):
            container.append(value)
            if track:
                top[1].append(shadow)
            return True
        key = top[2]
        container[key] = value
        if not track:
            pass
        elif isinstance(shadow, int):
            top[1][key] = with_key(top[3], shadow)
        else:
            shadow[0] = with_key(top[3], shadow[0])
            top[1][key] = shadow
        top[2] = _NO_KEY
        return True

    if len(text) >= 1 << 22:  # positions pack line and column in 22 bits each (files are ≤ 2 MiB)
        raise _fail(file, 1, 1, f"text is {len(text)} characters; too long to read", code="size")
    cache_get, miss = _plain_cache.get, _MISS
    loader = None
    try:
        loader = loader_class(text)  # the Python reader already checks characters here
        get_event = loader.get_event
        while True:
            event = get_event()
            if event is None:
                break
            cls = event.__class__  # exact classes: both parsers build yaml.events objects
            if cls is _SCALAR:  # the common case, inlined: attach a scalar to the open container
                if event.anchor or (event.tag is not None and event.tag != "!"):
                    _refuse_node(event, file)
                mark = event.start_mark
                pos = ((mark.line + 1) << 22) | (mark.column + 1)
                value = event.value
                if event.implicit[0]:
                    plain = cache_get(value, miss)
                    value = _plain(value) if plain is miss else plain
                if stack and top[2] is not _NO_KEY:  # the value of a mapping entry
                    key = top[2]
                    top[0][key] = value
                    if track:
                        top[1][key] = (top[3] << 44) | pos
                    top[2] = _NO_KEY
                elif stack and top[0].__class__ is list:
                    top[0].append(value)
                    if track:
                        top[1].append(pos)
                elif stack and value not in top[0]:  # a mapping key (not seen yet in this mapping)
                    top[2], top[3] = value, pos
                else:
                    attach(value, mark, pos)
            elif cls is _MAP_START or cls is _SEQ_START:
                mark = event.start_mark
                if event.anchor or (event.tag is not None and event.tag != "!"):
                    _refuse_node(event, file)
                if len(stack) >= MAX_DEPTH:
                    raise _fail(file, mark.line + 1, mark.column + 1,
                                f"nested deeper than {MAX_DEPTH} levels", code="depth")
                value: Any = {} if cls is _MAP_START else []
                children: Any = ({} if cls is _MAP_START else []) if track else None
                if not attach(value, mark, [pack(mark.line + 1, mark.column + 1), children] if track else 0):
                    raise _fail(file, mark.line + 1, mark.column + 1, "a mapping key must be a plain scalar")
                top = [value, children, _NO_KEY, 0]
                stack.append(top)
            elif cls is _MAP_END or cls is _SEQ_END:
                stack.pop()
                top = stack[-1] if stack else []
            elif cls is _ALIAS:
                mark = event.start_mark
                raise _fail(file, mark.line + 1, mark.column + 1, f"alias '*{event.anchor}' is not allowed",
                            "write the value out; anchors and aliases are refused", code="alias")
            elif cls is _DOC_START:
                documents += 1
                if documents > 1:
                    mark = event.start_mark
                    raise _fail(file, mark.line + 1, mark.column + 1, "more than one YAML document in a file",
                                "remove the '---' separator")
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        problem = exc.problem or exc.context or "invalid YAML"
        hint = "indent with spaces, not tabs" if "\\t" in problem or "tab" in problem else ""
        msg = f"YAML syntax error: {problem}"
        if exc.context and exc.problem:
            msg += f" ({exc.context})"
        raise _fail(file, line, col, msg, hint, code="syntax") from None
    except yaml.YAMLError as exc:  # reader errors: control characters and the like
        raise _fail(file, 1, 1, f"YAML error: {exc}", code="syntax") from None
    finally:
        if loader is not None:
            loader.dispose()
    return root, PositionTree(file, shadow_root if track else None)


class _NoKey:
    def __repr__(self) -> str:
        return "<no key>"


_NO_KEY = _NoKey()


def read_yaml_file(path: Path, display: str, folder: Path | None = None) -> tuple[Any, PositionTree]:
    """Read a YAML file of ``folder`` (default: its own folder) with the safe-file rule, size and encoding
    checks first: a FIFO, device, directory or a symlink leaving the folder is refused, never read."""
    try:
        raw = read_safe(path.parent if folder is None else folder, path, MAX_FILE_BYTES, "a YAML file")
    except UnsafeFile as exc:
        if exc.code == "size":
            raise _fail(display, 1, 1, f"file {exc.reason}", "split the data into several files",
                        code="size") from None
        raise _fail(display, 0, 0, exc.reason, code="io") from None
    name = f"{PARSED_PREFIX}{usercache.key(raw, _fingerprint())}.marshal"
    found = _cached(name, raw, display)
    if found is not None:
        return found
    text = _decode(raw, display)
    if "\x00" in text:
        raise _fail(display, 1, 1, "file contains NUL characters; expected a text YAML file", code="encoding")
    data, tree = read_yaml_text(text, display)
    lazy = tree._loader is not None
    if lazy:  # keep the file's bytes for its positions, not the decoded text (up to 4 bytes a character)
        del text
        tree = _lazy_tree(raw, display)
    usercache.store(name, marshal.dumps((data, None if lazy else tree.root, lazy)))
    usercache.prune(PARSED_PREFIX, PARSED_KEEP)
    return data, tree


# --- the parse cache: a file read before (the same bytes, the same reader) is not parsed again ---------

PARSED_PREFIX = "yaml-"
PARSED_KEEP = 2000  # files' parsed forms kept in the user cache (the newest)


def _cached(name: str, raw: bytes, display: str) -> tuple[Any, PositionTree] | None:
    """The data and positions a successful earlier read of these exact bytes gave (``write/usercache.py``;
    marshal, like the font tables), or None. Only clean reads are kept: a refused file is read (and its
    message made) every time."""
    blob = usercache.load(name)
    if blob is None:
        return None
    try:
        data, root, lazy = marshal.loads(blob)
    except (ValueError, EOFError, TypeError):
        return None  # a damaged entry: read the file again
    if lazy:
        return data, _lazy_tree(raw, display)
    return data, PositionTree(display, root)


def _lazy_tree(raw: bytes, display: str) -> PositionTree:
    """A big file's positions, read from its bytes the first time a message needs one."""
    return PositionTree(display, loader=lambda: _parse(raw.decode("utf-8"), display, "auto", True)[1].root)


_FINGERPRINT: list[str] = []


def _fingerprint() -> str:
    """What a parsed form depends on besides the file: this reader's code and PyYAML's version."""
    if not _FINGERPRINT:
        here = Path(__file__).parent
        parts = [(here / name).read_bytes() for name in ("yaml_source.py", "positions.py")]
        _FINGERPRINT.append(usercache.key(*parts, yaml.__version__, str(HAVE_LIBYAML)))
    return _FINGERPRINT[0]
