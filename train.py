"""Train a customizable reward model: `python train.py [model=qwen3_4b] [head=cls] [noise=random] ...`."""

from __future__ import annotations

from crm.environment import require_installed

require_installed()

import hydra  # noqa: E402
from omegaconf import DictConfig  # noqa: E402

from crm.config import register_configs  # noqa: E402

register_configs()


@hydra.main(version_base="1.3", config_path="conf", config_name="train")
def main(cfg: DictConfig) -> float | None:
    """Returns ``cfg.optimized_metric`` to sweepers; a name the run did not produce is an error."""
    from crm.cli import user_mistakes_end_the_run
    from crm.run_options import TrainOptions, check_options

    with user_mistakes_end_the_run(cfg.paths.output_dir):
        check_options(cfg, TrainOptions)  # a mistyped option is refused in a second, before the heavy imports
        from crm.train.run import optimized_metric, train

        metrics, _ = train(cfg)
    return optimized_metric(cfg, metrics)


if __name__ == "__main__":
    main()
