"""The layers of the package, read from its imports (``ast``, nothing is imported):
cogs -> ui -> service -> engine, the store used by the service only, no import circles."""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

PACKAGE = "kozel_discord"
ROOT = Path(__file__).resolve().parent.parent / PACKAGE


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


@cache
def _modules() -> dict[str, Path]:
    return {_module_name(p): p for p in sorted(ROOT.rglob("*.py"))}


def _resolve(module: str, node: ast.ImportFrom) -> str:
    """The absolute name of what ``from ... import`` names (``module``: the importer)."""
    if node.level == 0:
        return node.module or ""
    is_package = _modules()[module].name == "__init__.py"
    base = module.split(".")
    base = base if is_package else base[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join([*base, node.module] if node.module else base)


def _type_checking_only(tree: ast.Module) -> set[int]:
    """The ids of the import nodes under ``if TYPE_CHECKING:``."""
    hidden: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for child in node.body:
                hidden.update(id(n) for n in ast.walk(child))
    return hidden


@cache
def imports(*, runtime: bool = False) -> dict[str, frozenset[str]]:
    """Every module -> the absolute names it imports (anywhere in it, also in functions;
    under ``TYPE_CHECKING`` too unless ``runtime``). ``from pkg import sub`` counts as
    importing ``pkg.sub`` when that is a module of the package, else as importing ``pkg``."""
    graph: dict[str, frozenset[str]] = {}
    for module, path in _modules().items():
        tree = ast.parse(path.read_text(), str(path))
        hidden = _type_checking_only(tree) if runtime else set()
        names: set[str] = set()
        for node in ast.walk(tree):
            if id(node) in hidden:
                continue
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                target = _resolve(module, node)
                for alias in node.names:
                    sub = f"{target}.{alias.name}"
                    names.add(sub if sub in _modules() else target)
        graph[module] = frozenset(names)
    return graph


def _internal(names: frozenset[str]) -> set[str]:
    return {n for n in names if n in _modules()}


def _in(module: str, layer: str) -> bool:
    full = f"{PACKAGE}.{layer}"
    return module == full or module.startswith(full + ".")


def _offenders(layer: str, forbidden: tuple[str, ...]) -> dict[str, list[str]]:
    """Modules of ``layer`` that import any of ``forbidden`` (package layers or libraries)."""
    bad: dict[str, list[str]] = {}
    for module, names in imports().items():
        if not _in(module, layer):
            continue
        hits = sorted(
            n for n in names for f in forbidden if n == f or n.startswith(f + ".") or _in(n, f)
        )
        if hits:
            bad[module] = hits
    return bad


def test_the_graph_sees_the_package() -> None:
    graph = imports()
    assert f"{PACKAGE}.bot" in _internal(graph[f"{PACKAGE}.cogs.kozel"])  # TYPE_CHECKING
    assert f"{PACKAGE}.bot" not in _internal(imports(runtime=True)[f"{PACKAGE}.cogs.kozel"])
    assert f"{PACKAGE}.service.service" in graph
    assert f"{PACKAGE}.service.session" in _internal(graph[f"{PACKAGE}.service.service"])
    assert f"{PACKAGE}.engine" in _internal(graph[f"{PACKAGE}.service.session"])


def test_no_import_circles() -> None:
    """At run time (an import only for type annotations is a layer question, checked by the
    layer tests below, which see those imports too)."""
    graph = {m: _internal(n) for m, n in imports(runtime=True).items()}
    done: set[str] = set()
    path: list[str] = []
    circles: list[list[str]] = []

    def visit(module: str) -> None:
        if module in path:
            circles.append([*path[path.index(module) :], module])
            return
        if module in done:
            return
        path.append(module)
        for target in sorted(graph[module]):
            visit(target)
        path.pop()
        done.add(module)

    for module in sorted(graph):
        visit(module)
    assert circles == []


def test_the_engine_imports_nothing_of_the_package_outside_it() -> None:
    bad = {
        m: sorted(n for n in _internal(names) if not _in(n, "engine"))
        for m, names in imports().items()
        if _in(m, "engine")
    }
    assert {m: n for m, n in bad.items() if n} == {}


def test_only_the_store_imports_sqlalchemy() -> None:
    bad = {
        m: sorted(n for n in names if n.split(".")[0] in ("sqlalchemy", "alembic"))
        for m, names in imports().items()
        if not _in(m, "store")
    }
    assert {m: n for m, n in bad.items() if n} == {}


def test_cogs_never_import_the_store() -> None:
    assert _offenders("cogs", (f"{PACKAGE}.store", "sqlalchemy")) == {}


def test_the_ui_never_imports_the_cogs_or_the_bot() -> None:
    assert _offenders("ui", (f"{PACKAGE}.cogs", f"{PACKAGE}.bot")) == {}


def test_the_service_never_imports_the_ui_the_cogs_or_discord() -> None:
    forbidden = (f"{PACKAGE}.ui", f"{PACKAGE}.cogs", f"{PACKAGE}.bot", "discord")
    assert _offenders("service", forbidden) == {}


def test_the_ui_never_imports_the_store() -> None:
    # only the service uses the store (the bot wires it, the admin commands read it)
    assert _offenders("ui", (f"{PACKAGE}.store", "sqlalchemy")) == {}


def test_the_engine_is_pure_no_io_no_clock_no_discord() -> None:
    # (randomness comes from an injected RNG: a seeded random.Random, never the clock)
    forbidden = ("asyncio", "discord", "time", "datetime", "sqlalchemy", "threading")
    assert _offenders("engine", forbidden) == {}
