"""YAML loading and validation helpers.

Every problem in a data file becomes one ``DataError`` whose message names the
file, the entry and the field. Only ``yaml.safe_load`` is ever used.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Callable, Iterable

import yaml

from game.core.paths import resource_path


class DataError(Exception):
    def __init__(self, file: str, entry: str | None, field: str | None, problem: str):
        self.file, self.entry, self.field, self.problem = file, entry, field, problem
        where = file
        if entry:
            where += f", entry '{entry}'"
        if field:
            where += f", field '{field}'"
        super().__init__(f"{where}: {problem}")


def data_dir() -> Path:
    override = os.environ.get("ANTHOLOGY_DATA")
    return Path(override) if override else resource_path("data")


def load_yaml(path: Path | str) -> Any:
    path = Path(path)
    name = _display_name(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DataError(name, None, None, "file is missing") from None
    except (OSError, UnicodeDecodeError) as e:
        raise DataError(name, None, None, f"cannot be read ({e})") from None
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        at = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        problem = getattr(e, "problem", None) or str(e).splitlines()[0]
        raise DataError(name, None, None, f"YAML syntax error{at}: {problem}") from None


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
            raise DataError(file, entry, None, f"must be a mapping, found {type(value).__name__}")
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
                raise self.error(field, f"must be {want}, found {val!r}")
        if check:
            problem = check(val)
            if problem:
                raise self.error(field, problem)
        return val


def in_range(lo: int, hi: int) -> Callable[[Any], str | None]:
    return lambda v: None if lo <= v <= hi else f"must be between {lo} and {hi}, found {v}"


def one_of(allowed: Iterable[str]) -> Callable[[Any], str | None]:
    allowed = list(allowed)
    return lambda v: None if v in allowed else f"unknown id {v!r} (expected one of {', '.join(map(str, allowed))})"


def entries(file: str, value: Any, field: str, id_field: str = "id") -> list[Entry]:
    """The list under ``field`` of a file's top mapping, as Entries named by their id."""
    top = Entry(file, None, value)
    items = top.req(field, list)
    out, seen = [], set()
    for i, item in enumerate(items):
        name = item.get(id_field) if isinstance(item, dict) else None
        if name is not None and (isinstance(name, bool) or not isinstance(name, (str, int))):
            raise Entry(file, f"{field}[#{i + 1}]", item).error(id_field, "must be a name (text), not a list or mapping")
        label = str(name) if name is not None else f"#{i + 1}"
        e = Entry(file, f"{field}[{label}]" if name is None else label, item)
        if name is not None:
            if name in seen:
                raise e.error(id_field, f"duplicate id {name!r}")
            seen.add(name)
        out.append(e)
    return out
