"""Evaluate a CRM (or any HF reward model) on the paper's test splits: `python evaluate.py ckpt=<dir>`.

See conf/evaluate.yaml for the options and crm.evaluation for the library API.
"""

from __future__ import annotations

from crm.environment import require_installed

require_installed()

import hydra  # noqa: E402
from omegaconf import DictConfig  # noqa: E402

from crm.config import register_configs  # noqa: E402

register_configs()


@hydra.main(version_base="1.3", config_path="conf", config_name="evaluate")
def main(cfg: DictConfig) -> None:
    from hydra.core.hydra_config import HydraConfig

    from crm.cli import user_mistakes_end_the_run
    from crm.run_options import EvaluateOptions, check_options

    with user_mistakes_end_the_run(cfg.paths.output_dir):
        check_options(cfg, EvaluateOptions)  # a mistyped option is refused in a second, before the heavy imports
        from crm.evaluation.runner import evaluate

        evaluate(cfg, command_line=list(HydraConfig.get().overrides.task))


if __name__ == "__main__":
    main()
