"""Test configuration shared by every test module: make ``tests/helpers.py`` importable."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import os  # noqa: E402

# No test run records a learner's progress: the kernels that nbval and nbclient start inherit
# this, so no .buraco_progress.json appears beside the notebooks (tests that record turn it on
# with monkeypatch, in a temporary folder).
os.environ["BURACO_PROGRESS"] = "0"
