"""Supervised fine-tuning with HfArgumentParser dataclasses and TrainingArguments
(learned from tatsu-lab/stanford_alpaca train.py and the Transformers examples)."""
from dataclasses import dataclass, field
from typing import Optional

import transformers
from datasets import load_dataset
from transformers import AutoModelForCausalLM, HfArgumentParser, Trainer, TrainingArguments


@dataclass
class ModelArguments:
    model_name_or_path: Optional[str] = field(default="facebook/opt-125m")


@dataclass
class DataArguments:
    data_path: str = field(default=None, metadata={"help": "Path to the training data."})
    max_seq_length: int = field(default=512)


def train():
    parser = HfArgumentParser((ModelArguments, DataArguments, TrainingArguments))
    model_args, data_args, training_args = parser.parse_args_into_dataclasses()
    model = AutoModelForCausalLM.from_pretrained(model_args.model_name_or_path)
    raw = load_dataset("json", data_files=data_args.data_path)
    trainer = Trainer(model=model, args=training_args, train_dataset=raw["train"])
    trainer.train()


if __name__ == "__main__":
    train()
