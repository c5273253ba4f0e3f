"""Full fine-tuning on several GPUs: the model is sharded with FSDP2 (training.shard_model)."""
import sys

import torch
from omegaconf import DictConfig

from torchtune import config, training


class FullFinetuneRecipeDistributed:
    def __init__(self, cfg: DictConfig):
        self._dtype = training.get_dtype(cfg.dtype)
        self.batch_size = cfg.batch_size
        self.total_epochs = cfg.epochs

    def setup(self, cfg):
        self._model = config.instantiate(cfg.model)
        training.shard_model(
            model=self._model,
            shard_conditions=[lambda n, m: n.startswith("layers.")],
            reshard_after_forward=True,
        )
        self._optimizer = config.instantiate(cfg.optimizer, self._model.parameters())
        self._dataset = config.instantiate(cfg.dataset)

    def train(self):
        for epoch in range(self.total_epochs):
            pass


@config.parse
def recipe_main(cfg: DictConfig) -> None:
    torch.distributed.init_process_group("cuda:nccl")
    recipe = FullFinetuneRecipeDistributed(cfg=cfg)
    recipe.setup(cfg=cfg)
    recipe.train()


if __name__ == "__main__":
    sys.exit(recipe_main())
