"""BERT masked-language-model pretraining with the Hugging Face Trainer (one process per GPU under torchrun)."""
from dataclasses import dataclass, field

from datasets import load_dataset
from transformers import (AutoModelForMaskedLM, AutoTokenizer, DataCollatorForLanguageModeling, HfArgumentParser,
                          Trainer, TrainingArguments)


@dataclass
class ModelArguments:
    model_name_or_path: str = field(default="bert-base-uncased")


@dataclass
class DataArguments:
    train_file: str = field(default=None)
    max_seq_length: int = field(default=512)
    mlm_probability: float = field(default=0.15)


def main():
    parser = HfArgumentParser((ModelArguments, DataArguments, TrainingArguments))
    model_args, data_args, training_args = parser.parse_args_into_dataclasses()
    tok = AutoTokenizer.from_pretrained(model_args.model_name_or_path)
    model = AutoModelForMaskedLM.from_pretrained(model_args.model_name_or_path)
    raw = load_dataset("text", data_files={"train": data_args.train_file})
    collator = DataCollatorForLanguageModeling(tok, mlm_probability=data_args.mlm_probability)
    trainer = Trainer(model=model, args=training_args, train_dataset=raw["train"], data_collator=collator)
    trainer.train()


if __name__ == "__main__":
    main()
