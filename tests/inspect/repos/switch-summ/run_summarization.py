"""Fine-tunes a sequence-to-sequence model for summarization with the Seq2SeqTrainer."""
from dataclasses import dataclass, field
from typing import Optional

from datasets import load_dataset
from transformers import (AutoModelForSeq2SeqLM, AutoTokenizer, HfArgumentParser, Seq2SeqTrainer,
                          Seq2SeqTrainingArguments)


@dataclass
class ModelArguments:
    model_name_or_path: str = field(metadata={"help": "Path to pretrained model or model identifier"})
    cache_dir: Optional[str] = field(default=None)


@dataclass
class DataTrainingArguments:
    dataset_name: Optional[str] = field(default=None)
    dataset_config_name: Optional[str] = field(default=None)
    max_source_length: Optional[int] = field(default=1024)
    max_target_length: Optional[int] = field(default=128)
    source_prefix: Optional[str] = field(default="")


def main():
    parser = HfArgumentParser((ModelArguments, DataTrainingArguments, Seq2SeqTrainingArguments))
    model_args, data_args, training_args = parser.parse_args_into_dataclasses()
    raw = load_dataset(data_args.dataset_name, data_args.dataset_config_name)
    tokenizer = AutoTokenizer.from_pretrained(model_args.model_name_or_path)
    model = AutoModelForSeq2SeqLM.from_pretrained(model_args.model_name_or_path)
    trainer = Seq2SeqTrainer(model=model, args=training_args, train_dataset=raw["train"], tokenizer=tokenizer)
    trainer.train()


if __name__ == "__main__":
    main()
