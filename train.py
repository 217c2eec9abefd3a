"""Train a customizable reward model: `python train.py [model=qwen3_4b] [loss=cls] [noise=random] ...`."""

from __future__ import annotations

import hydra
from omegaconf import DictConfig

from crm.config import register_resolvers

register_resolvers()


@hydra.main(version_base="1.3", config_path="conf", config_name="train")
def main(cfg: DictConfig) -> float | None:
    from crm.training import train  # heavy imports after Hydra has parsed the command line

    metrics, _ = train(cfg)
    value = metrics.get(cfg.get("optimized_metric"))
    return float(value) if value is not None else None


if __name__ == "__main__":
    main()
