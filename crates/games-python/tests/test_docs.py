"""The Python examples of docs/python.md run as they are written."""

from __future__ import annotations

import re

import pytest

from conftest import REPOSITORY

GUIDE = REPOSITORY / "docs" / "python.md"
BLOCKS = re.findall(r"```python\n(.*?)```", GUIDE.read_text(encoding="utf-8"), re.S)


def test_the_guide_has_examples():
    assert len(BLOCKS) >= 6


@pytest.mark.parametrize("index", range(len(BLOCKS)))
def test_guide_example_runs(index, capsys):
    code = compile(BLOCKS[index], f"{GUIDE}:python block {index + 1}", "exec")
    exec(code, {"__name__": f"guide_example_{index + 1}"})
