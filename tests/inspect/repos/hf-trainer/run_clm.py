#!/usr/bin/env python
"""Fine-tune a causal language model with the Hugging Face Trainer."""
import argparse

import torch
from datasets import load_dataset
from transformers import (
    AutoModelForCausalLM,
    AutoTokenizer,
    DataCollatorForLanguageModeling,
    Trainer,
    TrainingArguments,
)


def parse_args():
    parser = argparse.ArgumentParser(description="causal LM fine-tuning")
    parser.add_argument("--model_name_or_path", type=str, default="gpt2",
                        help="a model id on the Hub or a local path")
    parser.add_argument("--dataset_name", type=str, default="wikitext")
    parser.add_argument("--dataset_config_name", type=str, default="wikitext-2-raw-v1")
    parser.add_argument("--output_dir", type=str, default="./out/clm")
    parser.add_argument("--per_device_train_batch_size", type=int, default=8)
    parser.add_argument("--learning_rate", type=float, default=5e-5)
    parser.add_argument("--num_train_epochs", type=int, default=3)
    parser.add_argument("--block_size", type=int, default=512)
    parser.add_argument("--bf16", action="store_true")
    return parser.parse_args()


def main():
    args = parse_args()
    raw = load_dataset(args.dataset_name, args.dataset_config_name)
    tokenizer = AutoTokenizer.from_pretrained(args.model_name_or_path)
    model = AutoModelForCausalLM.from_pretrained(args.model_name_or_path, torch_dtype=torch.bfloat16)

    def tokenize(batch):
        return tokenizer(batch["text"], truncation=True, max_length=args.block_size)

    train = raw["train"].map(tokenize, batched=True, remove_columns=["text"])
    training_args = TrainingArguments(
        output_dir=args.output_dir,
        per_device_train_batch_size=args.per_device_train_batch_size,
        learning_rate=args.learning_rate,
        num_train_epochs=args.num_train_epochs,
        bf16=args.bf16,
        logging_steps=10,
        save_strategy="epoch",
    )
    trainer = Trainer(model=model, args=training_args, train_dataset=train,
                      data_collator=DataCollatorForLanguageModeling(tokenizer, mlm=False))
    trainer.train()
    trainer.save_model(args.output_dir)


if __name__ == "__main__":
    main()
