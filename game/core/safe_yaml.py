"""A bounded, safe YAML loader for files a player or a modder may have broken.

``yaml.safe_load`` is safe against code execution but not against files that are
merely hostile: an alias bomb ("billion laughs") grows a 10 KB file past 8 GB, deep
nesting ends in RecursionError, a fifo blocks ``open()`` forever and a link to
/dev/zero never stops reading. Here every problem becomes one ``LoadError`` whose
message starts with the file's name and says, in plain words, what is wrong.

Limits (module constants; each can be overridden by keyword):

- ``max_bytes``: a file larger than this is refused before it is read.
- ``max_depth``: lists and mappings nested deeper than this are refused,
  also when an alias puts a deep value inside another deep value.
- ``max_aliases``: the number of ``*alias`` uses in a document.
- ``max_nodes``: the number of values in the document; an alias counts as every
  value it repeats, so alias bombs are refused long before anything big is built.
- ``max_scalar_chars``: the longest single value.
- ``max_int_digits``: the longest whole number (Python refuses above 4300 digits).

The checks run while PyYAML composes the document (pure-Python ``SafeLoader``;
the C loader cannot be hooked). A plain document (no anchor, alias, explicit tag, merge key or
complex key, within every limit: what the game itself writes) is recognised from the C parser's
events and then read by the C loader with the same resolvers and constructors, about ten times
faster; anything else takes the checked path and its precise message. Only the core tags are accepted: null, bool, int,
float, str, seq and map. Plain dates stay text; merge keys (``<<``), ``.inf`` and
``.nan`` are refused, as are an alias used inside its own value and a list or
mapping used as a key.
"""
from __future__ import annotations

import math
import os
import stat
from pathlib import Path
from typing import Any

import yaml
from yaml.events import AliasEvent, ScalarEvent
from yaml.nodes import MappingNode, ScalarNode

MAX_BYTES = 2_000_000
MAX_DEPTH = 64
MAX_ALIASES = 100
MAX_NODES = 500_000
MAX_SCALAR_CHARS = 100_000
MAX_INT_DIGITS = 40
LIMITS = {"max_depth": MAX_DEPTH, "max_aliases": MAX_ALIASES, "max_nodes": MAX_NODES,
          "max_scalar_chars": MAX_SCALAR_CHARS, "max_int_digits": MAX_INT_DIGITS}

_CORE = "tag:yaml.org,2002:"
_INT, _FLOAT, _MAP, _MERGE = _CORE + "int", _CORE + "float", _CORE + "map", _CORE + "merge"
_ALLOWED = frozenset(_CORE + t for t in ("null", "bool", "int", "float", "str", "seq", "map"))


class LoadError(Exception):
    """One plain-words message for a player: names the file, never shows Python internals."""


class _Refused(Exception):
    """A limit or rule broken inside the document (the message lacks the file name)."""


def _line(node_or_event) -> str:
    return f"line {node_or_event.start_mark.line + 1}"


def _size(n: int) -> str:
    if n >= 100_000:
        return f"{n / 1_000_000:.1f} MB"
    return f"{n / 1000:.1f} KB" if n >= 1000 else f"{n} bytes"


class _CheckedValues:
    """Constructors shared by both loaders: a number, a flag or a float that is not what its tag
    says is one plain message, never a PyYAML internal error."""

    # explicit tags on the wrong text (`!!int abc`) raise ValueError & co. inside PyYAML
    def _construct_checked(self, node, base, what):
        try:
            return base(self, node)
        except (ValueError, KeyError, IndexError, TypeError):
            raise _Refused(f"{_line(node)}: \"{node.value[:40]}\" is not {what}") from None

    def construct_int(self, node):
        return self._construct_checked(node, yaml.SafeLoader.construct_yaml_int, "a whole number")

    def construct_bool(self, node):
        return self._construct_checked(node, yaml.SafeLoader.construct_yaml_bool, "true or false")

    def construct_float(self, node):
        value = self._construct_checked(node, yaml.SafeLoader.construct_yaml_float, "a number")
        if not math.isfinite(value):
            raise _Refused(f"{_line(node)}: infinite or not-a-number values are not allowed")
        return value


class _Loader(_CheckedValues, yaml.SafeLoader):
    # dates stay text; '=' and the other non-core implicit tags go too (merge stays, to be refused)
    yaml_implicit_resolvers = {
        first: [(tag, rx) for tag, rx in resolvers if tag in _ALLOWED or tag == _MERGE]
        for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()}

    def __init__(self, text: str, max_depth: int = MAX_DEPTH, max_aliases: int = MAX_ALIASES,
                 max_nodes: int = MAX_NODES, max_scalar_chars: int = MAX_SCALAR_CHARS,
                 max_int_digits: int = MAX_INT_DIGITS):
        super().__init__(text)
        self.max_depth, self.max_aliases, self.max_nodes = max_depth, max_aliases, max_nodes
        self.max_scalar_chars, self.max_int_digits = max_scalar_chars, max_int_digits
        self.depth = self.deepest = self.nodes = self.aliases = 0
        self.open_anchors: set[str] = set()
        self.anchor_sizes: dict[str, tuple[int, int]] = {}  # anchor -> (values, levels)

    def _too_deep(self):
        return _Refused(f"nesting is deeper than {self.max_depth} levels")

    def _count(self, n: int) -> None:
        self.nodes += n
        if self.nodes > self.max_nodes:
            raise _Refused(f"holds more than {self.max_nodes:,} values (too many repeats)")

    def compose_node(self, parent, index):
        event = self.peek_event()
        if type(event) is AliasEvent:
            return self._compose_alias(event, parent, index)
        nested = type(event) is not ScalarEvent
        if nested:
            self.depth += 1
            if self.depth > self.max_depth:
                raise self._too_deep()
            if self.depth > self.deepest:
                self.deepest = self.depth
        anchor = event.anchor
        if anchor is not None:
            before_nodes, before_deepest = self.nodes, self.deepest
            self.deepest = self.depth
            self.open_anchors.add(anchor)
        node = super().compose_node(parent, index)
        self._count(1)
        if anchor is not None:
            self.open_anchors.discard(anchor)
            levels = self.deepest - self.depth + nested
            self.anchor_sizes[anchor] = (self.nodes - before_nodes, levels)
            self.deepest = max(before_deepest, self.deepest)
        if nested:
            self.depth -= 1
        self._check(node)
        return node

    def _compose_alias(self, event, parent, index):
        anchor = event.anchor
        if anchor in self.open_anchors:
            raise _Refused(f"{_line(event)}: the alias *{anchor} is used inside its own value")
        if anchor not in self.anchor_sizes:
            raise _Refused(f"{_line(event)}: the alias *{anchor} is not defined")
        self.aliases += 1
        if self.aliases > self.max_aliases:
            raise _Refused(f"uses more than {self.max_aliases} aliases")
        size, levels = self.anchor_sizes[anchor]
        if self.depth + levels > self.max_depth:
            raise self._too_deep()
        self.deepest = max(self.deepest, self.depth + levels)
        self._count(size)
        return super().compose_node(parent, index)

    def _check(self, node) -> None:
        tag = node.tag
        if tag not in _ALLOWED:
            if tag == _MERGE:
                raise _Refused(f"{_line(node)}: merge keys (<<) are not allowed")
            shown = "!!" + tag[len(_CORE):] if tag.startswith(_CORE) else tag
            raise _Refused(f"{_line(node)}: the tag {shown} is not allowed")
        if type(node) is ScalarNode:
            if len(node.value) > self.max_scalar_chars:
                raise _Refused(f"{_line(node)}: a value is longer than {self.max_scalar_chars:,} characters")
            if tag == _INT and len(node.value) > self.max_int_digits:
                if sum(ch not in "+-_:" for ch in node.value) > self.max_int_digits:
                    raise _Refused(f"{_line(node)}: a number with more than {self.max_int_digits} digits")
        elif tag == _MAP and type(node) is MappingNode:
            for key, _ in node.value:
                if type(key) is not ScalarNode:
                    raise _Refused(f"{_line(key)}: a list or mapping cannot be used as a key")


_Loader.add_constructor(_INT, _Loader.construct_int)
_Loader.add_constructor(_CORE + "bool", _Loader.construct_bool)
_Loader.add_constructor(_FLOAT, _Loader.construct_float)


def _decode(data: bytes, name: str) -> str:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise LoadError(f"{name}: is not a text file (not UTF-8)") from None
    if "\0" in text:
        raise LoadError(f"{name}: is not a text file (it contains NUL characters)")
    return text


def read_text(path, name: str | None = None, max_bytes: int = MAX_BYTES) -> str:
    """The text of a regular UTF-8 file of at most ``max_bytes``, or LoadError."""
    path = Path(path)
    name = name or path.name
    try:
        info = os.stat(path)  # follows symlinks; never open a fifo or a device
    except FileNotFoundError:
        raise LoadError(f"{name}: is missing") from None
    except (OSError, ValueError) as e:
        raise LoadError(f"{name}: cannot be read ({getattr(e, 'strerror', None) or 'bad path'})") from None
    if not stat.S_ISREG(info.st_mode):
        raise LoadError(f"{name}: is not a regular file")
    if info.st_size > max_bytes:
        raise LoadError(f"{name}: is {_size(info.st_size)}; the limit is {_size(max_bytes)}")
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)  # non-blocking, in case it was swapped for a fifo since stat
        with open(fd, "rb") as f:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise LoadError(f"{name}: is not a regular file")
            data = f.read(max_bytes + 1)
    except OSError as e:
        raise LoadError(f"{name}: cannot be read ({e.strerror or 'input/output error'})") from None
    if len(data) > max_bytes:
        raise LoadError(f"{name}: is larger than the limit of {_size(max_bytes)}")
    return _decode(data, name)


def _syntax_error(name: str, e: yaml.YAMLError, text: str) -> LoadError:
    if isinstance(e, yaml.reader.ReaderError):
        pos = e.position
        line, col = text.count("\n", 0, pos) + 1, pos - text.rfind("\n", 0, pos)
        return LoadError(f"{name}: is not valid YAML (line {line}, column {col}: "
                         f"the character U+{e.character:04X} is not allowed)")
    problem = getattr(e, "problem", None) or getattr(e, "context", None) or "unreadable"
    context = getattr(e, "context", None)
    if context and problem.startswith("but "):
        problem = f"{context}, {problem}"
    mark = getattr(e, "problem_mark", None) or getattr(e, "context_mark", None)
    where = f"line {mark.line + 1}, column {mark.column + 1}: " if mark else ""
    return LoadError(f"{name}: is not valid YAML ({where}{problem})")


try:
    from yaml.cyaml import CParser, CSafeLoader as _CLoader
except ImportError:     # PyYAML built without libyaml: every document takes the checked path
    CParser = _CLoader = None


if _CLoader is not None:
    class _FastLoader(_CheckedValues, _CLoader):
        """The C loader with the checked loader's resolvers and constructors (for plain documents)."""
        yaml_implicit_resolvers = _Loader.yaml_implicit_resolvers
        yaml_constructors = _Loader.yaml_constructors


def _too_long_int(value: str, max_digits: int) -> bool:
    """Would the checked loader refuse this plain scalar as a whole number with too many digits?
    (the same resolvers decide that it is a number, the same count of digits that it is too long)"""
    for tag, rx in _Loader.yaml_implicit_resolvers.get(value[:1], []) + \
            _Loader.yaml_implicit_resolvers.get(None, []):
        if rx.match(value):
            return tag == _INT and sum(ch not in "+-_:" for ch in value) > max_digits
    return False


def _too_many(max_nodes: int) -> _Refused:
    return _Refused(f"holds more than {max_nodes:,} values (too many repeats)")


_VALUES = (yaml.ScalarEvent, yaml.MappingStartEvent, yaml.SequenceStartEvent)


def _is_plain(text: str, limits: dict) -> bool:
    """Does ``text`` hold a plain document that the C loader may read? Decided from the C
    parser's events: no anchor, alias, explicit tag, merge key or list/mapping used as a key, and
    within the depth, value, scalar and number limits.

    Also the one early count of values: a document with more values than ``max_nodes`` (the
    checked loader counts an alias as at least one value, so never fewer than the events) is
    refused here, after one pass of the C parser, instead of being composed again value by value
    in pure Python (a 1 MB file of 500,001 values took 14 s to refuse)."""
    lim = {**LIMITS, **limits}
    max_depth, max_nodes, max_chars, max_digits = (lim["max_depth"], lim["max_nodes"],
                                                   lim["max_scalar_chars"], lim["max_int_digits"])
    depth = nodes = 0
    keys: list = []      # per open collection: None (a list) or whether its next item is a key
    plain = True
    parser = CParser(text)
    try:
        while True:
            ev = parser.get_event()
            kind = type(ev)
            if kind is yaml.StreamEndEvent:
                return plain
            if not plain:           # only counting now
                if kind in _VALUES:
                    nodes += 1
                    if nodes > max_nodes:
                        raise _too_many(max_nodes)
                continue
            if kind is yaml.AliasEvent:
                plain = False
                continue
            if kind in _VALUES:
                nodes += 1
                if nodes > max_nodes:
                    raise _too_many(max_nodes)
                if ev.anchor is not None:
                    plain = False
                    continue
                at_key = bool(keys) and keys[-1] is True
                if keys and keys[-1] is not None:
                    keys[-1] = not keys[-1]
                if kind is yaml.ScalarEvent:
                    value = ev.value
                    if not ev.implicit[0] and not ev.implicit[1] or len(value) > max_chars:
                        plain = False
                    # the checked loader's own test: what its resolvers make a whole number, digits counted alike
                    elif ev.implicit[0] and (value == "<<" or len(value) > max_digits and
                                             _too_long_int(value, max_digits)):
                        plain = False
                    continue
                if at_key or (ev.tag is not None and not ev.implicit):
                    plain = False
                    continue
                depth += 1
                if depth > max_depth:
                    plain = False
                    continue
                keys.append(True if kind is yaml.MappingStartEvent else None)
            elif kind in (yaml.MappingEndEvent, yaml.SequenceEndEvent):
                depth -= 1
                keys.pop()
    except yaml.YAMLError:
        return False        # the checked loader says what is wrong
    finally:
        parser.dispose()


def parse(text: str | bytes, name: str, **limits: int) -> Any:
    """YAML text -> plain Python (dict, list, str, int, float, bool, None) under the limits."""
    return _parse(text, name, limits, fast=True)


def parse_checked(text: str | bytes, name: str, **limits: int) -> Any:
    """``parse`` by the checked path alone (the fast path must agree with it on every document)."""
    return _parse(text, name, limits, fast=False)


def _parse(text: str | bytes, name: str, limits: dict, fast: bool) -> Any:
    if isinstance(text, bytes):
        text = _decode(text, name)
    unknown = set(limits) - set(LIMITS)
    if unknown:
        raise TypeError(f"unknown limit(s): {', '.join(sorted(unknown))}")
    loader = None
    try:
        if fast and _CLoader is not None and _is_plain(text, limits):
            loader = _FastLoader(text)
            return loader.get_single_data()
        loader = _Loader(text, **limits)
        return loader.get_single_data()
    except _Refused as e:
        raise LoadError(f"{name}: {e}") from None
    except yaml.YAMLError as e:
        raise _syntax_error(name, e, text) from None
    except MemoryError:
        raise
    except RecursionError:
        raise LoadError(f"{name}: nesting is too deep to read") from None
    except Exception as e:  # anything else PyYAML may throw: still one plain message
        raise LoadError(f"{name}: is not valid YAML (it could not be read)") from e
    finally:
        if loader is not None:
            loader.dispose()


def load_file(path, name: str | None = None, max_bytes: int = MAX_BYTES, **limits: int) -> Any:
    """read_text + parse: the plain-Python content of a YAML file, or LoadError."""
    name = name or Path(path).name
    return parse(read_text(path, name, max_bytes), name, **limits)
