"""Whether this Python has the project installed: the entry points ask first, so a command run outside
the project's environment ends with one line saying so, not a traceback from its first import. No
third-party import here: this is what runs when they are missing."""

from __future__ import annotations

import importlib.util
import sys

# what train.py and evaluate.py import before anything of ours can catch a mistake
ENTRY_POINT_MODULES = ("hydra", "omegaconf", "torch", "lightning", "transformers")
INSTALL_HINT = "activate its environment (. .venv/bin/activate) or install it (README: Quickstart)"


def require_installed(modules=ENTRY_POINT_MODULES) -> None:
    """Exit with one line on stderr (code 1) naming the first of ``modules`` this Python cannot import."""
    missing = next((name for name in modules if importlib.util.find_spec(name) is None), None)
    if missing is not None:
        print(f"error: {missing} is not installed for {sys.executable}: {INSTALL_HINT}", file=sys.stderr)
        raise SystemExit(1)
