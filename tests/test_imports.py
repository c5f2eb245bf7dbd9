"""The layers' imports: no module of the project imports itself back through others (type-only
imports included), and each layer keeps to what it may know (`LAYER_RULES`): the engines import
nothing of the project outside `bot/games`, storage nothing above it, storage and the table
service no discord, the UI and the cogs no storage (they call the services)."""

from __future__ import annotations

import ast
import functools
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def project_modules() -> dict[str, Path]:
    paths = [*ROOT.glob("bot/**/*.py"), *ROOT.glob("cogs/*.py"), *ROOT.glob("storage/*.py")]
    names = {}
    for path in paths:
        name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        names[name.removesuffix(".__init__")] = path
    return names


def _import_targets(modules: dict[str, Path]) -> dict[str, list[tuple[str, list[str]]]]:
    """Each module's imports, by absolute name: `from m import a, b` as (m, [a, b]) with m resolved
    when relative, `import m` as (m, [])."""
    found: dict[str, list[tuple[str, list[str]]]] = {name: [] for name in modules}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                if node.level:
                    parts = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                    target = ".".join(parts + ([node.module] if node.module else []))
                else:
                    target = node.module or ""
                found[name].append((target, [a.name for a in node.names]))
            elif isinstance(node, ast.Import):
                found[name] += [(a.name, []) for a in node.names]
    return found


def imports(modules: dict[str, Path]) -> dict[str, set[str]]:
    """Each module's imports of other project modules (`from . import x` names the submodule x;
    `from m import name` names m unless every name is a submodule)."""
    edges: dict[str, set[str]] = {name: set() for name in modules}
    for name, targets in _import_targets(modules).items():
        for target, names in targets:
            submodules = [f"{target}.{n}" for n in names if f"{target}.{n}" in modules]
            found = submodules if names and len(submodules) == len(names) else [target, *submodules]
            edges[name] |= {m for m in found if m in modules and m != name}
    return edges


def imported(modules: dict[str, Path]) -> dict[str, set[str]]:
    """Every module each module imports, the project's and others' (discord, asyncpg …)."""
    edges = imports(modules)
    return {name: {target for target, _ in targets} | edges[name] for name, targets in _import_targets(modules).items()}


def test_no_import_circles() -> None:
    edges = imports(project_modules())
    state: dict[str, int] = {}
    circles: list[list[str]] = []

    def visit(module: str, path: list[str]) -> None:
        state[module] = 1
        for other in sorted(edges[module]):
            if state.get(other) == 1:
                circles.append(path[path.index(other):] + [module, other] if other in path else [module, other])
            elif not state.get(other):
                visit(other, [*path, module])
        state[module] = 2

    for module in sorted(edges):
        if not state.get(module):
            visit(module, [])
    assert circles == []


def within(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


PROJECT = ("bot", "cogs", "storage")

LAYER_RULES = {
    # layer: (what it must not import, what it may import of that nonetheless)
    "bot.games": (PROJECT, ("bot.games",)),
    "storage": (PROJECT, ("storage",)),
    "bot.tables": (("discord", "cogs", "bot.ui", "bot.app"), ()),
    "bot.ui": (("storage", "cogs", "bot.app"), ()),
    "cogs": (("storage", "bot.app"), ()),
}


@functools.cache
def project_imports() -> dict[str, set[str]]:
    """`imported` over the project, read once for all the rules."""
    return imported(project_modules())


def crossings(layer: str) -> set[tuple[str, str]]:
    """(module, forbidden package) for each import a module of `layer` must not make."""
    forbidden, allowed = LAYER_RULES[layer]
    return {(module, f) for module, names in project_imports().items() if within(module, layer)
            for name in names if not any(within(name, a) for a in allowed)
            for f in forbidden if within(name, f)}


@pytest.mark.parametrize("layer", sorted(LAYER_RULES))
def test_each_layer_imports_only_what_it_may(layer: str) -> None:
    assert crossings(layer) == set()


def test_the_layer_rules_see_the_imports_they_judge() -> None:
    """The rules above would pass on a parser that found nothing: it finds what is known to be there."""
    found = project_imports()
    assert {"discord", "storage.db", "bot.ui.client"} <= found["bot.app"]
    assert {"storage", "storage.db", "bot.games"} <= found["bot.wallet"]
    assert {"discord", "discord.app_commands"} <= found["bot.i18n.commands"]
