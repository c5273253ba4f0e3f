"""Fine-tunes a sequence-to-sequence speech model with Seq2SeqTrainer (fixture in the manner of
transformers examples/pytorch/speech-recognition: HfArgumentParser over three dataclasses)."""
import sys
from dataclasses import dataclass, field
from typing import Optional

import datasets
from datasets import load_dataset
from transformers import (AutoModelForSpeechSeq2Seq, HfArgumentParser, Seq2SeqTrainer,
                          Seq2SeqTrainingArguments)


@dataclass
class ModelArguments:
    model_name_or_path: str = field(metadata={"help": "Path to pretrained model or model identifier"})
    freeze_feature_encoder: bool = field(default=True)
    freeze_encoder: bool = field(default=False)


@dataclass
class DataTrainingArguments:
    dataset_name: str = field(default=None, metadata={"help": "The name of the dataset to use (via the datasets library)."})
    dataset_config_name: Optional[str] = field(default=None)
    train_split_name: str = field(default="train")
    max_duration_in_seconds: float = field(default=20.0)
    language: str = field(default=None)
    task: str = field(default="transcribe")


def main():
    parser = HfArgumentParser((ModelArguments, DataTrainingArguments, Seq2SeqTrainingArguments))
    model_args, data_args, training_args = parser.parse_args_into_dataclasses()
    raw = load_dataset(data_args.dataset_name, data_args.dataset_config_name, split=data_args.train_split_name)
    model = AutoModelForSpeechSeq2Seq.from_pretrained(model_args.model_name_or_path)
    trainer = Seq2SeqTrainer(model=model, args=training_args, train_dataset=raw)
    trainer.train()


if __name__ == "__main__":
    main()
