"""Words players know: each language's glossary (bot/i18n/glossary/<language>.toml) names one term
per concept and the variants not to use; the catalog and the players' docs in that language
use none of those variants, and every term is in use."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.i18n import Locale, available
from bot.i18n.catalog import catalog

ROOT = Path(__file__).resolve().parents[2]
GLOSSARIES = ROOT / "bot" / "i18n" / "glossary"
DOCS = {
    "en": [ROOT / "README.md", ROOT / "docs" / "playing.md", ROOT / "docs" / "owner-guide.md",
           *sorted((ROOT / "docs" / "games").glob("*.md"))],
    "ja": sorted((ROOT / "docs" / "ja").rglob("*.md")),
}
"""What players of each language read besides the catalog (docs/architecture.md is for developers)."""


def glossary(locale: str) -> dict[str, dict[str, object]]:
    return tomllib.loads((GLOSSARIES / f"{locale}.toml").read_text())


def texts(locale: str) -> Iterator[tuple[str, str]]:
    """(where, text) for every catalog message and every players' doc of the language."""
    for key, value in catalog(Locale(locale)).messages.items():
        for form in value if isinstance(value, tuple) else (value,):
            yield key, form
    for path in DOCS[locale]:
        for number, line in enumerate(path.read_text().splitlines(), 1):
            yield f"{path.relative_to(ROOT)}:{number}", line


def test_every_language_has_a_glossary() -> None:
    assert {p.stem for p in GLOSSARIES.glob("*.toml")} == set(available())


@pytest.mark.parametrize("locale", available())
def test_the_glossary_names_one_term_per_concept(locale: str) -> None:
    concepts = glossary(locale)
    assert len(concepts) >= 8
    terms = [str(c["term"]) for c in concepts.values()]
    assert len(terms) == len(set(terms)), "two concepts, one term"
    for name, concept in concepts.items():
        assert set(concept) <= {"term", "avoid", "note"}, name
        for pattern in concept.get("avoid", []):   # type: ignore[attr-defined]
            assert not re.search(pattern, str(concept["term"])), (name, pattern)


@pytest.mark.parametrize("locale", available())
def test_the_catalog_and_the_docs_use_no_variant_the_glossary_avoids(locale: str) -> None:
    concepts = glossary(locale)
    avoided = [(name, re.compile(p)) for name, c in concepts.items() for p in c.get("avoid", [])]  # type: ignore[attr-defined]
    found = [(where, name, m.group(0), text[max(0, m.start() - 20):m.end() + 20])
             for where, text in texts(locale) for name, pattern in avoided for m in pattern.finditer(text)]
    assert not found, "\n".join(map(str, found))


@pytest.mark.parametrize("locale", available())
def test_every_term_of_the_glossary_is_in_use(locale: str) -> None:
    everything = "\n".join(text for _, text in texts(locale)).casefold()
    unused = [c["term"] for c in glossary(locale).values() if str(c["term"]).casefold() not in everything]
    assert not unused
