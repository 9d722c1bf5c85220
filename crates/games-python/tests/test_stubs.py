"""The type stubs (``_native.pyi``) agree with the native module: mypy's stubtest compares the
classes, functions, arguments and defaults of the stubs with what the installed module exposes,
so a public method added or renamed on the Rust side without its stub fails here. (A method that
the stubs declare on their stub-only bases ``_Game`` and ``_Vector`` is not compared: stubtest
skips private stub classes; the other tests call those methods.)"""

from __future__ import annotations

import subprocess
import sys

import pytest

pytest.importorskip("mypy")


def test_stubs_match_the_native_module(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "kamisado_onitama._native"],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=tmp_path,  # the installed package, not a source tree next to the tests
    )
    assert done.returncode == 0, done.stdout + done.stderr
