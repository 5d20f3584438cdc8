"""The type stubs name what the package exports: every name of a module's ``__all__`` is
defined in its ``.pyi``, and every function's parameters are the module's, in order."""

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "tabula"
MODULES = ["__init__", "arimaa", "backgammon", "stones_rivers", "spark"]


def _exported(tree: ast.Module):
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "__all__" for t in node.targets):
            return [ast.literal_eval(e) for e in node.value.elts]
    return []


def _defined(tree: ast.Module):
    names = {}
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names[node.name] = node
        elif isinstance(node, ast.Assign):
            names.update((t.id, node) for t in node.targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names[node.target.id] = node
        elif isinstance(node, ast.ImportFrom):
            names.update((a.asname or a.name, node) for a in node.names)
    return names


def _parameters(f: ast.FunctionDef):
    a = f.args
    return [p.arg for p in a.posonlyargs + a.args], [p.arg for p in a.kwonlyargs]


@pytest.mark.parametrize("module", MODULES, ids=lambda m: f"{m}.pyi")
def test_the_stubs_define_every_name_the_module_exports(module):
    source = ast.parse((PACKAGE / f"{module}.py").read_text())
    stub = _defined(ast.parse((PACKAGE / f"{module}.pyi").read_text()))
    exported = _exported(source)
    assert exported, f"{module}.py has no __all__"
    missing = [name for name in exported if name not in stub]
    assert missing == [], f"{module}.pyi does not define {missing}"
    functions = {n.name: n for n in source.body if isinstance(n, ast.FunctionDef)}
    for name in exported:
        if name in functions:
            assert isinstance(stub[name], ast.FunctionDef), f"{module}.pyi: {name} is not a function"
            assert _parameters(stub[name]) == _parameters(functions[name]), f"{module}.pyi: {name}'s parameters"
