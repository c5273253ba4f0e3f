"""Supervised fine-tuning: model, script and SFTConfig arguments from the command line."""
from dataclasses import dataclass, field
from typing import Optional

from datasets import load_dataset
from transformers import AutoModelForCausalLM, HfArgumentParser
from trl import SFTConfig, SFTTrainer


@dataclass
class ScriptArguments:
    dataset_name: str = field(default=None, metadata={"help": "Dataset name."})
    dataset_train_split: str = field(default="train")


@dataclass
class ModelConfig:
    model_name_or_path: Optional[str] = field(default=None)
    torch_dtype: Optional[str] = field(default=None)


def main():
    parser = HfArgumentParser((ScriptArguments, SFTConfig, ModelConfig))
    script_args, training_args, model_args = parser.parse_args_into_dataclasses()
    model = AutoModelForCausalLM.from_pretrained(model_args.model_name_or_path)
    dataset = load_dataset(script_args.dataset_name)
    trainer = SFTTrainer(model=model, args=training_args, train_dataset=dataset[script_args.dataset_train_split])
    trainer.train()


if __name__ == "__main__":
    main()
