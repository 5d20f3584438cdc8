"""The README's Python tour runs as written."""

import os
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_readme_tour_runs_as_written():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text[text.index("\n## Python\n"):]
    blocks = re.findall(r"```python\n(.*?)```", section, re.S)
    assert blocks, "no Python block in the README's Python section"
    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        for block in blocks:
            exec(compile(block, "README.md", "exec"), {})
    finally:
        os.chdir(cwd)
