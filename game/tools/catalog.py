"""The message catalogs: extract every message from the code and data, merge it into each
language's .po, and check that every language is complete.

    python -m game.tools.catalog extract   # -> assets/locale/anthology.pot, then every .po updated
    python -m game.tools.catalog check     # untranslated, fuzzy or placeholder-mismatched messages

Messages come from the code (``_``, ``N_``, ``ngettext``, ``pgettext``, ``npgettext`` with literal
strings; a ``# i18n:`` comment above reaches the translators) and from ``name:`` values in data/.
A .po keeps its translations across an extract; a message whose English changed becomes fuzzy, and
``check`` fails until a translator looks at it again.
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

from game.core import i18n
from game.core.paths import resource_path

KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2),
            "npgettext": ((1, "c"), 2, 3)}
CODE_DIRS = ("game",)
COMMENT_TAG = "i18n:"
PLACEHOLDER = re.compile(r"\{([^{}]*)\}")


def pot_path() -> Path:
    return i18n.locale_dir() / f"{i18n.DOMAIN}.pot"


def _code_messages(catalog) -> None:
    from babel.messages.extract import extract_from_dir
    root = resource_path()
    for folder in CODE_DIRS:
        found = extract_from_dir(str(root / folder), method_map=[("**.py", "python")],
                                 keywords=KEYWORDS, comment_tags=[COMMENT_TAG], strip_comment_tags=True)
        for filename, lineno, message, comments, context in found:
            catalog.add(message, None, [(f"{folder}/{filename}", lineno)], auto_comments=comments,
                        context=context)


def _data_messages(catalog) -> None:
    """``name:`` values of the data files (names of things the tables show with ``_(name)``)."""
    import yaml
    root = resource_path()
    for path in sorted((root / "data").rglob("*.yaml")):
        loader = yaml.SafeLoader(path.read_text(encoding="utf-8"))
        try:
            node = loader.get_single_node()
        finally:
            loader.dispose()
        stack = [node]
        while stack:
            n = stack.pop()
            if isinstance(n, yaml.MappingNode):
                for k, v in n.value:
                    if k.value == "name" and isinstance(v, yaml.ScalarNode) and v.value:
                        catalog.add(v.value, None, [(str(path.relative_to(root)), v.start_mark.line + 1)],
                                    auto_comments=["a name from the game's data"])
                    else:
                        stack.append(v)
            elif isinstance(n, yaml.SequenceNode):
                stack.extend(n.value)


def template():
    from babel.messages.catalog import Catalog
    cat = Catalog(project="Anthology", domain=i18n.DOMAIN, charset="utf-8", fuzzy=False)
    _code_messages(cat)
    _data_messages(cat)
    return cat


def _write(catalog, path: Path, **kw) -> None:
    from babel.messages.pofile import write_po
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "wb") as f:
        write_po(f, catalog, width=100, sort_output=False, omit_header=False, **kw)


def _read(path: Path, lang: str):
    from babel.messages.pofile import read_po
    with open(path, "rb") as f:
        return read_po(f, locale=lang, domain=i18n.DOMAIN)


def extract() -> list[str]:
    """Write the template and merge it into every language's .po (made when missing)."""
    from babel.messages.catalog import Catalog
    pot = template()
    _write(pot, pot_path(), ignore_obsolete=True)
    done = [f"{pot_path().name}: {len(pot)} messages"]
    for lang in i18n.LANGUAGES:
        if lang == i18n.SOURCE:
            continue
        path = i18n.po_path(lang)
        po = _read(path, lang) if path.exists() else Catalog(locale=lang, domain=i18n.DOMAIN, project="Anthology")
        po.update(pot, update_header_comment=False)
        _write(po, path, ignore_obsolete=True)
        done.append(f"{lang}: {sum(1 for m in po if m.id and m.string and (m.string if isinstance(m.string, str) else all(m.string)))}"
                    f" of {len(pot)} translated")
    return done


def _names(text: str) -> set[str]:
    return {m.split(":")[0].split("!")[0] for m in PLACEHOLDER.findall(text)}


def check_catalog(po, lang: str) -> list[str]:
    """Problems of one language's catalog: an empty, fuzzy or placeholder-mismatched message."""
    problems = []
    for m in po:
        if not m.id:
            continue
        where = m.id if isinstance(m.id, str) else m.id[0]
        where = f"{lang}: {where[:60]!r}"
        strings = m.string if isinstance(m.string, (tuple, list)) else (m.string,)
        if m.fuzzy:
            problems.append(f"{where} is fuzzy")
        if not all(strings):
            problems.append(f"{where} is not translated")
            continue
        ids = m.id if isinstance(m.id, (tuple, list)) else (m.id,)
        wanted = set().union(*(_names(i) for i in ids))
        for s in strings:
            got = _names(s)
            if got - wanted:
                problems.append(f"{where}: unknown placeholder(s) {sorted(got - wanted)}")
            # a plural's singular may drop {n} ("one point" -> "un point"); the other forms may not
            if not isinstance(m.id, (tuple, list)) and wanted - got:
                problems.append(f"{where}: missing placeholder(s) {sorted(wanted - got)}")
        if isinstance(m.id, (tuple, list)):
            plural_names = _names(ids[1])
            for s in strings[1:]:
                if plural_names - _names(s):
                    problems.append(f"{where}: a plural form lacks {sorted(plural_names - _names(s))}")
    return problems


def check() -> list[str]:
    """Every language's problems, and messages of the code missing from its catalog."""
    pot = template()
    wanted = {(m.id if isinstance(m.id, str) else m.id[0], m.context) for m in pot if m.id}
    problems = []
    for lang in i18n.LANGUAGES:
        if lang == i18n.SOURCE:
            continue
        path = i18n.po_path(lang)
        if not path.exists():
            problems.append(f"{lang}: no catalog at {path}")
            continue
        po = _read(path, lang)
        have = {(m.id if isinstance(m.id, str) else m.id[0], m.context) for m in po if m.id}
        for msg, ctx in sorted(wanted - have, key=str):
            problems.append(f"{lang}: {msg[:60]!r} is missing (run: python -m game.tools.catalog extract)")
        problems += check_catalog(po, lang)
    return problems


def main(argv: list[str]) -> int:
    if argv[:1] == ["extract"]:
        for line in extract():
            print(line)
        return 0
    if argv[:1] == ["check"]:
        problems = check()
        for p in problems:
            print(p)
        print(f"{len(problems)} problem(s)")
        return 1 if problems else 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
