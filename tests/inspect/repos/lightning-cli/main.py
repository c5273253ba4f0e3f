"""LightningCLI entry: python main.py fit --config configs/gpt.yaml --trainer.max_epochs 5
(learned from Lightning's CLI docs and lightning-GPT)."""
import lightning.pytorch as pl
import torch
from lightning.pytorch.cli import LightningCLI
from transformers import AutoModelForCausalLM


class LitLM(pl.LightningModule):
    def __init__(self, model_name: str = "gpt2", learning_rate: float = 1e-4, warmup_steps: int = 100):
        super().__init__()
        self.save_hyperparameters()
        self.model = AutoModelForCausalLM.from_pretrained(model_name)


class TextData(pl.LightningDataModule):
    def __init__(self, data_dir: str = "data/wikitext", batch_size: int = 4, block_size: int = 512):
        super().__init__()


def cli_main():
    LightningCLI(LitLM, TextData, trainer_defaults={"precision": "bf16-mixed", "strategy": "fsdp", "max_epochs": 1})


if __name__ == "__main__":
    cli_main()
