# LoRA instruction tuning with the HF Trainer; settings from HfArgumentParser dataclasses.
import logging
import os
import sys
from dataclasses import dataclass, field
from typing import Optional

import torch
import transformers
from peft import LoraConfig, TaskType, get_peft_model
from transformers import AutoModelForCausalLM, HfArgumentParser, LlamaTokenizer, Trainer, TrainingArguments

from build_dataset import build_instruction_dataset


@dataclass
class ModelArguments:
    model_name_or_path: Optional[str] = field(default=None)
    tokenizer_name_or_path: Optional[str] = field(default=None)
    torch_dtype: Optional[str] = field(default=None, metadata={"choices": ["auto", "bfloat16", "float16", "float32"]})


@dataclass
class DataTrainingArguments:
    dataset_dir: Optional[str] = field(default=None, metadata={"help": "The name of the dataset to use."})
    validation_file: Optional[str] = field(default=None)
    preprocessing_num_workers: Optional[int] = field(default=None)
    max_seq_length: Optional[int] = field(default=1024)


@dataclass
class MyTrainingArguments(TrainingArguments):
    trainable: Optional[str] = field(default="q_proj,v_proj")
    lora_rank: Optional[int] = field(default=8)
    lora_dropout: Optional[float] = field(default=0.1)
    lora_alpha: Optional[float] = field(default=32.)
    modules_to_save: Optional[str] = field(default=None)
    load_in_kbits: Optional[int] = field(default=16)


def main():
    parser = HfArgumentParser((ModelArguments, DataTrainingArguments, MyTrainingArguments))
    model_args, data_args, training_args = parser.parse_args_into_dataclasses()
    tokenizer = LlamaTokenizer.from_pretrained(model_args.tokenizer_name_or_path)
    files = [os.path.join(data_args.dataset_dir, f) for f in os.listdir(data_args.dataset_dir) if f.endswith(".json")]
    train_dataset = build_instruction_dataset(files, tokenizer, data_args.max_seq_length)
    model = AutoModelForCausalLM.from_pretrained(model_args.model_name_or_path, torch_dtype=getattr(torch, model_args.torch_dtype))
    config = LoraConfig(task_type=TaskType.CAUSAL_LM, target_modules=training_args.trainable.split(','),
                        r=training_args.lora_rank, lora_alpha=training_args.lora_alpha, lora_dropout=training_args.lora_dropout)
    model = get_peft_model(model, config)
    trainer = Trainer(model=model, args=training_args, train_dataset=train_dataset, tokenizer=tokenizer)
    trainer.train()


if __name__ == "__main__":
    main()
