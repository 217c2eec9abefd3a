"""Project hygiene: imports run one way (entry points -> app and server -> training, leaderboard,
rewards -> evaluation -> export and inference -> models -> data) with no cycle, the leaderboard
answers from its cache without torch, and a test that needs an optional part never passes silently
under CI."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "crm"

# Lowest first; a module may import its own layer and the ones below it, never one above.
LAYERS = (
    (
        "crm.config",
        "crm.paths",
        "crm.memory",
        "crm.environment",
        "crm.heads",
        "crm.devices",
        "crm.pypi_weights",
        "crm.models.spec",  # the model schemas the configs are checked against: no torch
        "crm.errors",
        "crm.outputs",
        "crm.run_directory",
        "crm.run_options",
        "crm.cli",
        "crm.http_guard",
        "crm.data",
        "crm.precision",
        "crm.stats",
        "crm.tables",
        "crm.throughput",
        "crm.progress",
    ),
    ("crm.models",),
    (
        "crm.export",
        "crm.inference",
        "crm.onnx_engine",
        "crm.text_encoder",
        "crm.scoring",
    ),
    ("crm.evaluation",),
    ("crm.train", "crm.usl", "crm.rlhf"),
    ("crm.app", "crm.serve"),
)


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def absolute(node: ast.ImportFrom, path: Path) -> str | None:
    """The module an import-from names, a relative one (the modeling files') resolved against ``path``'s package."""
    if not node.level:
        return node.module
    package = module_name(path).split(".")
    package = package if path.name == "__init__.py" else package[:-1]
    base = package[: len(package) - node.level + 1]
    return ".".join(base + ([node.module] if node.module else []))


def imported_modules(path: Path, known: set[str]) -> set[str]:
    """Every crm module ``path`` imports, at the top or inside a function (lazy imports count too), and
    every module beside it where it is a package's ``__init__`` that imports them all (a registry:
    ``pkgutil.iter_modules``)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if path.name == "__init__.py" and isinstance(node, ast.Attribute) and node.attr == "iter_modules":
            found |= {m for m in known if m.rpartition(".")[0] == module_name(path)}
        module = absolute(node, path) if isinstance(node, ast.ImportFrom) else None
        if module and module.startswith("crm"):
            found.add(module)
            found |= {f"{module}.{alias.name}" for alias in node.names} & known
        elif isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names if alias.name.startswith("crm")}
    return found


def import_graph() -> dict[str, set[str]]:
    paths = {module_name(p): p for p in PACKAGE.rglob("*.py")}
    known = set(paths)
    return {name: imported_modules(path, known) - {name} for name, path in paths.items()}


def layer_of(module: str) -> int:
    for rank, prefixes in enumerate(LAYERS):
        if any(module == p or module.startswith(p + ".") for p in prefixes):
            return rank
    raise AssertionError(f"{module} belongs to no layer: add it to LAYERS")


def test_lower_layers_never_import_higher_ones():
    wrong = [
        f"{module} (layer {layer_of(module)}) imports {dep} (layer {layer_of(dep)})"
        for module, deps in import_graph().items()
        if module != "crm"
        for dep in deps
        if dep != "crm" and layer_of(dep) > layer_of(module)
    ]
    assert not wrong, "\n".join(wrong)


def test_no_import_cycle():
    graph = import_graph()
    packages = {m for m in graph if (PACKAGE.parent / m.replace(".", "/") / "__init__.py").exists()}

    def cycle_from(start: str) -> list[str] | None:
        stack, seen = [(start, [start])], set()
        while stack:
            node, path = stack.pop()
            for dep in graph.get(node, ()):
                if dep in packages:  # its __init__ is empty, or imports its modules after what they import from it
                    continue
                if dep == start:
                    return [*path, dep]
                if dep not in seen:
                    seen.add(dep)
                    stack.append((dep, [*path, dep]))
        return None

    cycles = [" -> ".join(c) for m in sorted(graph) if (c := cycle_from(m))]
    assert not cycles, "\n".join(cycles)


def test_every_module_imports_in_a_fresh_interpreter_and_the_leaderboard_needs_no_torch():
    modules = sorted(m for m in import_graph() if not m.endswith("__main__"))
    script = (
        "import importlib, sys\n"
        "for name in ['crm.heads', 'crm.usl.engine', 'crm.scoring.cache', 'crm.usl.board', 'crm.app.web_api',\n"
        "             'crm.export.artifact']:\n"
        "    importlib.import_module(name)\n"
        "assert 'torch' not in sys.modules, 'the leaderboard imported torch'\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "print('ok', len(sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0 and done.stdout.startswith("ok"), done.stderr[-2000:]


def test_a_missing_optional_part_skips_here_and_fails_under_ci(monkeypatch):
    import pytest

    from tests.conftest import require

    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="CI=true"):
        require(False, "Chromium")
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="Chromium is missing"):
        require(False, "Chromium")
    require(True, "Chromium")  # present: nothing happens
