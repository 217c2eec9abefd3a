"""Serve a CRM as an HTTP reward: `crm-serve --ckpt logs/train/runs/<run> --criteria "Prefer concise answers."`.

Bound to 127.0.0.1 unless --host says otherwise. Set CRM_SERVE_TOKEN (or --token-file) to require
`Authorization: Bearer <token>` on every scoring endpoint. OpenRLHF: `--remote_rm_url
http://HOST:PORT/get_reward`. Endpoints and their bodies: crm/serve/scoring_api.py.
"""

from __future__ import annotations

import argparse
import os
import sys
from dataclasses import fields
from pathlib import Path

from crm.cli import PORT, add_scoring_options, float_at_least, int_at_least, text_argument, user_errors_end_the_command


def _parser() -> argparse.ArgumentParser:
    from crm.serve.scoring_api import ServeLimits

    parser = argparse.ArgumentParser(prog="crm-serve", description=__doc__)
    parser.add_argument("--ckpt", type=Path, required=True, help="a CRM: training run directory or its export/")
    parser.add_argument(
        "--criteria", action="append", default=[], type=text_argument, help="default criterion (repeatable)"
    )
    parser.add_argument("--criteria-file", type=Path, help="default criteria, one per line")
    parser.add_argument(
        "--criteria-from-labels", action="store_true", help="OpenRLHF: each query's `labels` item holds its criteria"
    )
    parser.add_argument("--host", default="127.0.0.1", help="interface to bind (default: this machine only)")
    parser.add_argument("--port", type=PORT, default=8000)
    parser.add_argument("--token-file", type=Path, help="file holding the bearer token (else $CRM_SERVE_TOKEN)")
    add_scoring_options(parser, cache=False)
    parser.add_argument("--log-level", default="warning", help="uvicorn's; `info` logs every request")
    parser.add_argument(
        "--floor-degenerate",
        type=float,
        default=None,
        metavar="SCORE",
        help="score empty and whitespace-only responses SCORE instead of the CRM's (e.g. -10 for an RLHF reward)",
    )
    for field in fields(ServeLimits):
        flag = "--" + field.name.replace("_", "-")
        low = 0 if field.name == "max_wait_ms" else 1  # 0 ms: no batching; every other limit counts something
        kind = int_at_least(low) if isinstance(field.default, int) else float_at_least(low)
        parser.add_argument(flag, type=kind, default=field.default, help=f"(default {field.default})")
    return parser


def read_text_file(parser: argparse.ArgumentParser, flag: str, path: Path) -> str:
    """A small text file an option names, or a usage error saying why it cannot be used."""
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        parser.error(f"{flag} {path}: cannot be read as UTF-8 text ({err})")


@user_errors_end_the_command("crm-serve")
def main(argv: list[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    criteria = list(args.criteria)
    if args.criteria_file:
        criteria += read_text_file(parser, "--criteria-file", args.criteria_file).splitlines()
    token = os.environ.get("CRM_SERVE_TOKEN") or None
    if args.token_file:
        token = read_text_file(parser, "--token-file", args.token_file).strip()
        if not token:
            parser.error(f"--token-file {args.token_file} is empty: write the token in it, or serve without one")
    from crm.export.artifact import resolve_export

    resolve_export(args.ckpt)  # a CRM that is not there is named in a second, before the heavy imports
    import uvicorn

    from crm.http_guard import allowed_hosts_for
    from crm.inference import load_crm
    from crm.serve.scoring_api import ServeLimits, create_serve_app

    limits = ServeLimits(**{f.name: getattr(args, f.name) for f in fields(ServeLimits)})
    crm = load_crm(args.ckpt, args.device, args.precision, args.engine)
    app = create_serve_app(
        crm, criteria, limits, token, allowed_hosts_for(args.host), args.criteria_from_labels, args.floor_degenerate
    )
    auth = "bearer token required" if token else "no token (set CRM_SERVE_TOKEN to require one)"
    print(f"crm-serve: {crm.settings.head} CRM on {crm.plan.label}, http://{args.host}:{args.port} ({auth})")
    uvicorn.run(app, host=args.host, port=args.port, log_level=args.log_level)
    return 0


if __name__ == "__main__":
    sys.exit(main())
