"""YAML loading and validation helpers.

Every problem in a data file becomes one ``DataError`` whose message names the
file, the entry and the field. Files are read by the bounded loader ``game.core.safe_yaml``.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Callable, Iterable

from game.core import safe_yaml
from game.core.paths import resource_path


class DataError(Exception):
    def __init__(self, file: str, entry: str | None, field: str | None, problem: str):
        self.file, self.entry, self.field, self.problem = file, entry, field, problem
        where = file
        if entry:
            where += f", entry '{_short(entry)}'"
        if field:
            where += f", field '{_short(field)}'"
        super().__init__(f"{where}: {problem}")


def _short(text: Any, limit: int = 40) -> str:
    text = str(text)
    return text if len(text) <= limit else text[:limit - 3] + "..."


def describe(value: Any) -> str:
    """A short plain rendering of a value found in a file, for error messages."""
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "true" if value else "false"
    text = repr(value) if isinstance(value, (str, list, dict)) else str(value)
    if len(text) <= 40:
        return text
    if isinstance(value, list):
        return f"a list of {len(value)} values"
    return "a mapping" if isinstance(value, dict) else _short(text)


def data_dir() -> Path:
    override = os.environ.get("ANTHOLOGY_DATA")
    return Path(override) if override else resource_path("data")


def load_yaml(path: Path | str) -> Any:
    """The content of a data file, read through the bounded loader (size, depth, aliases, tags)."""
    path = Path(path)
    name = _display_name(path)
    try:
        return safe_yaml.load_file(path, name)
    except safe_yaml.LoadError as e:
        problem = str(e).removeprefix(f"{name}: ")
        raise DataError(name, None, None, problem) from None


def _display_name(path: Path) -> str:
    parts = path.parts
    if "data" in parts:
        i = len(parts) - 1 - parts[::-1].index("data")
        return "/".join(parts[i:])
    return "/".join(("data",) + parts[-2:])  # a data folder elsewhere (tests, mods)


_TYPE_NAMES = {int: "a whole number", str: "text", list: "a list", dict: "a mapping",
               bool: "true or false", float: "a number"}


class Entry:
    """Typed access to one mapping in a data file, with precise error messages."""

    def __init__(self, file: str, entry: str | None, value: Any):
        self.file, self.entry = file, entry
        if not isinstance(value, dict):
            raise DataError(file, entry, None, f"must be a mapping, found {describe(value)}")
        self.value = value

    def error(self, field: str | None, problem: str) -> DataError:
        return DataError(self.file, self.entry, field, problem)

    def req(self, field: str, kind: type | tuple = object, check: Callable[[Any], str | None] | None = None):
        if field not in self.value:
            raise self.error(field, "is missing")
        return self._typed(field, self.value[field], kind, check)

    def opt(self, field: str, kind: type | tuple, default: Any, check=None):
        if field not in self.value or self.value[field] is None:
            return default
        return self._typed(field, self.value[field], kind, check)

    def sub(self, field: str, required: bool = True) -> "Entry":
        val = self.req(field, dict) if required else self.opt(field, dict, {})
        return Entry(self.file, self.entry, val) if self.entry else Entry(self.file, field, val)

    def _typed(self, field, val, kind, check):
        if kind is not object:
            kinds = kind if isinstance(kind, tuple) else (kind,)
            ok = isinstance(val, kinds) and not (isinstance(val, bool) and bool not in kinds)
            if not ok:
                want = " or ".join(_TYPE_NAMES.get(k, k.__name__) for k in kinds)
                raise self.error(field, f"must be {want}, found {describe(val)}")
        if check:
            problem = check(val)
            if problem:
                raise self.error(field, problem)
        return val


def in_range(lo: int, hi: int) -> Callable[[Any], str | None]:
    return lambda v: None if lo <= v <= hi else f"must be between {lo} and {hi}, found {v}"


def one_of(allowed: Iterable[str]) -> Callable[[Any], str | None]:
    allowed = list(allowed)
    return lambda v: None if v in allowed else f"unknown id {describe(v)} (expected one of {_choices(allowed)})"


def _choices(allowed: Iterable) -> str:
    return _short(", ".join(_short(a, 20) for a in allowed), 160)


def list_of(kind: type, n: int | None = None, allowed: Iterable | None = None) -> Callable[[Any], str | None]:
    """A check for a list of text or of whole numbers, optionally of length n, optionally from allowed."""
    def check(v):
        if not all(isinstance(x, kind) and not isinstance(x, bool) for x in v):
            what = "text" if kind is str else "whole numbers"
            return f"must be a list of {what}, found {describe(v)}"
        if n is not None and len(v) != n:
            return f"must list {n} values, found {len(v)}"
        if allowed is not None:
            bad = [x for x in v if x not in allowed]
            if bad:
                return f"unknown id {describe(bad[0])} (expected one of {_choices(allowed)})"
        return None
    return check


def entries(file: str, value: Any, field: str, id_field: str = "id") -> list[Entry]:
    """The list under ``field`` of a file's top mapping, as Entries named by their id."""
    top = Entry(file, None, value)
    items = top.req(field, list)
    out, seen = [], set()
    for i, item in enumerate(items):
        name = item.get(id_field) if isinstance(item, dict) else None
        if name is not None and (isinstance(name, bool) or not isinstance(name, (str, int))):
            problem = f"must be a name (text), found {describe(name)}"
            raise Entry(file, f"{field}[#{i + 1}]", item).error(id_field, problem)
        label = str(name) if name is not None else f"#{i + 1}"
        e = Entry(file, f"{field}[{label}]" if name is None else label, item)
        if name is not None:
            if name in seen:
                raise e.error(id_field, f"duplicate id {describe(name)}")
            seen.add(name)
        out.append(e)
    return out
