"""Supervised fine-tuning of a causal LM with the Hugging Face Trainer (DeepSpeed through --deepspeed)."""
from dataclasses import dataclass, field
from typing import Optional

import torch
import transformers
from datasets import load_dataset
from transformers import AutoModelForCausalLM, AutoTokenizer, HfArgumentParser, Trainer


@dataclass
class ModelArguments:
    model_name_or_path: Optional[str] = field(default=None, metadata={"help": "The model checkpoint for weights initialization."})
    llama: bool = field(default=False, metadata={"help": "Llama model"})
    use_lora: bool = field(default=False)
    torch_dtype: Optional[str] = field(default=None, metadata={"choices": ["auto", "bfloat16", "float16", "float32"]})


@dataclass
class DataArguments:
    train_file: Optional[str] = field(default=None, metadata={"help": "The input training data file (a json file)."})
    validation_file: Optional[str] = field(default=None)


@dataclass
class TrainingArguments(transformers.TrainingArguments):
    model_max_length: int = field(default=512, metadata={"help": "Maximum sequence length."})
    cache_dir: Optional[str] = field(default=None)


def main():
    parser = HfArgumentParser((ModelArguments, DataArguments, TrainingArguments))
    model_args, data_args, training_args = parser.parse_args_into_dataclasses()
    torch_dtype = getattr(torch, model_args.torch_dtype) if model_args.torch_dtype else None
    model = AutoModelForCausalLM.from_pretrained(model_args.model_name_or_path, torch_dtype=torch_dtype,
                                                 cache_dir=training_args.cache_dir)
    tokenizer = AutoTokenizer.from_pretrained(model_args.model_name_or_path, model_max_length=training_args.model_max_length)
    data = load_dataset("json", data_files={"train": data_args.train_file, "validation": data_args.validation_file})
    trainer = Trainer(model=model, args=training_args, train_dataset=data["train"], eval_dataset=data["validation"],
                      tokenizer=tokenizer)
    trainer.train()


if __name__ == "__main__":
    main()
