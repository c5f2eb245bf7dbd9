"""The message catalogs: gettext `.po` files read with Babel, one per language.

Keys are the msgids (`gin.draw`), each translation a `str.format` template with named
parameters (`{player} draws from the stock ({left} left).`). Entries with plural forms pick
theirs with the catalog's own `Plural-Forms` rule from the parameter `n`. A key missing from
a catalog falls back to English (tests keep every catalog complete).
"""

from __future__ import annotations

import gettext
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from babel.messages.pofile import read_po
from babel.numbers import format_decimal

from .locale import CATALOGS, ENGLISH, Locale


@dataclass(frozen=True, slots=True)
class Catalog:
    locale: Locale
    messages: Mapping[str, str | tuple[str, ...]]
    plural: Callable[[int], int]

    def template(self, key: str, n: int | None) -> str | None:
        found = self.messages.get(key)
        if found is None or isinstance(found, str):
            return found
        return found[min(self.plural(n if n is not None else 2), len(found) - 1)]


@cache
def catalog(locale: Locale) -> Catalog:
    with open(CATALOGS / f"{locale}.po", "rb") as f:
        po = read_po(f, locale=locale)
    messages: dict[str, str | tuple[str, ...]] = {}
    for m in po:
        if not m.id:
            continue                      # the header
        key = m.id[0] if isinstance(m.id, (tuple, list)) else m.id
        value = tuple(m.string) if isinstance(m.string, (tuple, list)) else m.string
        if value and all(value):
            messages[key] = value
    return Catalog(locale, messages, gettext.c2py(po.plural_expr))


@lru_cache(maxsize=8192)
def number(locale: Locale, n: int) -> str:
    """An integer as the locale writes it (`1,234`). Cached: Babel parses the locale's pattern on
    every call, and the same stacks and pots are written on every render."""
    return format_decimal(n, locale=locale)


def t(locale: Locale, key: str, **params: Any) -> str:
    """The message `key` in `locale`, its `{name}` fields filled from `params` (ints formatted
    as numbers of the locale). An unknown key shows as itself, so it is seen and fixed."""
    n = params.get("n")
    template = catalog(locale).template(key, n if isinstance(n, int) else None)
    if template is None and locale != ENGLISH:
        template = catalog(ENGLISH).template(key, n if isinstance(n, int) else None)
    if template is None:
        return key
    shown = {k: number(locale, v) if isinstance(v, int) and not isinstance(v, bool) else v
             for k, v in params.items()}
    return template.format_map(shown)
