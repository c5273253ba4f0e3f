"""Trains an LLM with Composer from a YAML file: `composer train.py YAML [key=value ...]`."""
import sys

from composer import Trainer
from omegaconf import OmegaConf as om

from llmfoundry.utils.builders import build_composer_model, build_dataloader, build_optimizer


def main(cfg):
    model = build_composer_model(name=cfg.model.name, cfg=cfg.model)
    train_loader = build_dataloader(cfg.train_loader, cfg.device_train_batch_size)
    optimizer = build_optimizer(model, cfg.optimizer.name, cfg.optimizer)
    trainer = Trainer(
        model=model,
        train_dataloader=train_loader,
        optimizers=optimizer,
        max_duration=cfg.max_duration,
        precision=cfg.precision,
        fsdp_config=cfg.get("fsdp_config"),
        device_train_microbatch_size=cfg.device_train_microbatch_size,
    )
    trainer.fit()


if __name__ == "__main__":
    yaml_path, args_list = sys.argv[1], sys.argv[2:]
    with open(yaml_path) as f:
        yaml_cfg = om.load(f)
    cli_cfg = om.from_cli(args_list)
    cfg = om.merge(yaml_cfg, cli_cfg)
    main(cfg)
