# finetune.py - text classification; Hydra composes conf's structured configs
import hydra
import torch
from datasets import load_dataset
from omegaconf import DictConfig
from transformers import AutoModelForSequenceClassification

import conf  # noqa: F401


@hydra.main(version_base=None, config_name="config")
def main(cfg: DictConfig):
    model = AutoModelForSequenceClassification.from_pretrained(cfg.model_name, num_labels=2)
    data = load_dataset(cfg.dataset)
    opt = torch.optim.AdamW(model.parameters(), lr=cfg.optimizer.lr, weight_decay=cfg.optimizer.weight_decay)


if __name__ == "__main__":
    main()
