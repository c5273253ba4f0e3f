"""Supervised fine-tuning with TRL's SFTTrainer."""
from dataclasses import dataclass, field

from datasets import load_dataset
from transformers import AutoModelForCausalLM, HfArgumentParser
from trl import SFTConfig, SFTTrainer


@dataclass
class ModelArguments:
    model_name_or_path: str = field(default="Qwen/Qwen2.5-0.5B")
    dataset_name: str = field(default="trl-lib/Capybara")


def main():
    parser = HfArgumentParser((ModelArguments, SFTConfig))
    margs, targs = parser.parse_args_into_dataclasses()
    model = AutoModelForCausalLM.from_pretrained(margs.model_name_or_path)
    train = load_dataset(margs.dataset_name, split="train")
    trainer = SFTTrainer(model=model, args=targs, train_dataset=train)
    trainer.train()


if __name__ == "__main__":
    main()
