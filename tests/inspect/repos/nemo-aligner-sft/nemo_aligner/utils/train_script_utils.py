"""Trainer construction for the aligner scripts: Megatron parallelism from cfg.model."""
from nemo.collections.nlp.parts.megatron_trainer_builder import MegatronTrainerBuilder


def resolve_and_create_trainer(cfg, pop_trainer_key):
    trainer_cfg = dict(cfg.trainer)
    trainer_cfg.pop(pop_trainer_key, None)
    return MegatronTrainerBuilder(cfg).create_trainer()


def init_distributed(trainer, model, use_te=False):
    trainer.strategy.setup_environment()
