"""LightningCLI in a package module (python -m lmtrain.cli): two --config files merged in order,
trainer and model flags on the command line, trainer_defaults in the code."""
import lightning.pytorch as pl
from lightning.pytorch.cli import LightningCLI
from transformers import AutoModelForCausalLM


class CausalLM(pl.LightningModule):
    def __init__(self, model_name: str = "gpt2", lr: float = 1e-4, weight_decay: float = 0.0):
        super().__init__()
        self.save_hyperparameters()
        self.model = AutoModelForCausalLM.from_pretrained(model_name)


class CorpusData(pl.LightningDataModule):
    def __init__(self, path: str = "data/tiny", batch_size: int = 2, seq_len: int = 1024):
        super().__init__()


def main():
    LightningCLI(CausalLM, CorpusData, trainer_defaults={"precision": "16-mixed", "strategy": "ddp", "max_steps": 1000})


if __name__ == "__main__":
    main()
