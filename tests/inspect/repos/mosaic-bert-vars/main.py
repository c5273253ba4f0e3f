"""Pre-train BERT with Composer: a YAML merged with key=value words, then Trainer(**settings)."""
import os
import sys
from typing import Optional, cast

import src.hf_bert as hf_bert_module
import src.mosaic_bert as mosaic_bert_module
import src.text_data as text_data_module
from composer import Trainer, algorithms
from composer.optim import DecoupledAdamW
from composer.optim.scheduler import LinearWithWarmupScheduler
from omegaconf import DictConfig
from omegaconf import OmegaConf as om


def build_model(cfg: DictConfig):
    if cfg.name == 'hf_bert':
        return hf_bert_module.create_hf_bert_mlm(
            pretrained_model_name=cfg.pretrained_model_name,
            use_pretrained=cfg.get('use_pretrained', None),
            model_config=cfg.get('model_config', None),
            tokenizer_name=cfg.get('tokenizer_name', None))
    elif cfg.name == 'mosaic_bert':
        return mosaic_bert_module.create_mosaic_bert_mlm(
            pretrained_model_name=cfg.pretrained_model_name,
            pretrained_checkpoint=cfg.get('pretrained_checkpoint', None),
            model_config=cfg.get('model_config', None),
            tokenizer_name=cfg.get('tokenizer_name', None))
    else:
        raise ValueError(f'Not sure how to build model with name={cfg.name}')


def main(cfg: DictConfig, return_trainer: bool = False):
    model = build_model(cfg.model)
    train_loader = text_data_module.build_text_dataloader(
        cfg.train_loader, model.tokenizer,
        cfg.global_train_batch_size // int(os.environ.get('WORLD_SIZE', 1)))
    optimizer = DecoupledAdamW(model.parameters(), lr=cfg.optimizer.lr, betas=cfg.optimizer.betas,
                               eps=cfg.optimizer.eps, weight_decay=cfg.optimizer.weight_decay)
    scheduler = LinearWithWarmupScheduler(t_warmup=cfg.scheduler.t_warmup, alpha_f=cfg.scheduler.alpha_f)
    trainer = Trainer(
        run_name=cfg.run_name,
        seed=cfg.seed,
        model=model,
        algorithms=[algorithms.FusedLayerNorm()],
        train_dataloader=train_loader,
        optimizers=optimizer,
        schedulers=scheduler,
        max_duration=cfg.max_duration,
        eval_interval=cfg.eval_interval,
        precision=cfg.precision,
        device_train_microbatch_size=cfg.get('device_train_microbatch_size', 'auto'),
        save_folder=cfg.get('save_folder', None),
    )
    trainer.fit()


if __name__ == '__main__':
    yaml_path, args_list = sys.argv[1], sys.argv[2:]
    with open(yaml_path) as f:
        yaml_cfg = om.load(f)
    cli_cfg = om.from_cli(args_list)
    cfg = om.merge(yaml_cfg, cli_cfg)
    cfg = cast(DictConfig, cfg)
    main(cfg)
