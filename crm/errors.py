"""The one exception type for a user's mistake, so every entry point can tell it from a bug."""

from __future__ import annotations


class UserError(Exception):
    """A mistake in what the user gave (a path, a file's contents, an option's value, a run the time cap
    refuses, an endpoint's reply). Its message names the thing and what to do; every entry point prints
    it as one line on stderr and exits non-zero, with the stack only under ``--debug`` (or
    ``HYDRA_FULL_ERROR=1`` for the Hydra commands)."""
