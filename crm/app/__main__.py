"""Start the leaderboard web page: `crm-app --ckpt logs/train/runs/<run>` (or `python -m crm.app ...`).

Bound to 127.0.0.1 unless --host says otherwise (e.g. --host 0.0.0.0 to serve other machines). Bound
to loopback, it answers only to the host names localhost, 127.0.0.1 and [::1] (against DNS rebinding).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from crm.cli import PORT, add_scoring_options, named_paths, user_errors_end_the_command
from crm.config import default_raw_dir
from crm.scoring.cache import default_cache


@user_errors_end_the_command("crm-app")
def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="crm-app", description=__doc__)
    parser.add_argument("--ckpt", action="append", required=True, help="a CRM run/export dir, or NAME=DIR (repeatable)")
    parser.add_argument(
        "--corpus",
        action="append",
        help="a corpus as crm-usl takes it, or NAME=PATH (repeatable; default mt_bench and arena_hard)",
    )
    parser.add_argument("--raw-dir", type=Path, default=None, help="raw data directory (CRM_RAW_DIR)")
    parser.add_argument("--host", default="127.0.0.1", help="interface to bind (default: this machine only)")
    parser.add_argument("--port", type=PORT, default=7860)
    add_scoring_options(parser, engine=False)
    args = parser.parse_args(argv)
    ckpts = named_paths(parser, "--ckpt", args.ckpt, default_name=lambda path: Path(path).resolve().name)
    for path in ckpts.values():
        if not Path(path).exists():
            parser.error(f"--ckpt {path}: no such directory")
    named_corpora = named_paths(parser, "--corpus", args.corpus or ["mt_bench", "arena_hard"])
    import uvicorn

    from crm.app.web_api import create_app, load_corpora
    from crm.http_guard import allowed_hosts_for
    from crm.scoring.cache import ScoreCache

    corpora = load_corpora(named_corpora, args.raw_dir or default_raw_dir())
    try:
        ScoreCache(args.cache or default_cache()).db.close()  # a path that is no score cache: refused now
    except ValueError as err:
        parser.error(f"--cache: {err}")
    app = create_app(
        ckpts,
        corpora,
        args.cache or default_cache(),
        allowed_hosts=allowed_hosts_for(args.host),
        device=args.device,
        precision=args.precision,
    )
    print(f"leaderboard page: http://{args.host}:{args.port}/")
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning")
    return 0


if __name__ == "__main__":
    sys.exit(main())
