"""The layers' imports: no module of the project imports itself back through others (type-only
imports included), and the engines import nothing of the project outside `bot/games`."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def project_modules() -> dict[str, Path]:
    paths = [*ROOT.glob("bot/**/*.py"), *ROOT.glob("cogs/*.py"), *ROOT.glob("storage/*.py")]
    names = {}
    for path in paths:
        name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        names[name.removesuffix(".__init__")] = path
    return names


def imports(modules: dict[str, Path]) -> dict[str, set[str]]:
    """Each module's imports of other project modules (`from . import x` names the submodule x)."""
    edges: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                if node.level:
                    parts = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                    target = ".".join(parts + ([node.module] if node.module else []))
                else:
                    target = node.module or ""
                submodules = [f"{target}.{a.name}" for a in node.names if f"{target}.{a.name}" in modules]
                found = submodules if len(submodules) == len(node.names) else [target, *submodules]
            elif isinstance(node, ast.Import):
                found = [a.name for a in node.names]
            else:
                continue
            edges[name] |= {m for m in found if m in modules and m != name}
    return edges


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


def test_the_engines_import_nothing_of_the_project_outside_them() -> None:
    edges = imports(project_modules())
    outside = {(m, o) for m, targets in edges.items() if m.startswith("bot.games")
               for o in targets if not o.startswith("bot.games")}
    assert outside == set()
