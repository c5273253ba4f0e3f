"""Builds the model, the tokenizer and the HF Trainer from the validated config and trains."""
import torch
from transformers import AutoModelForCausalLM, Trainer, TrainingArguments


def train(cfg):
    dtype = torch.bfloat16 if cfg.bf16 else torch.float32
    model = AutoModelForCausalLM.from_pretrained(cfg.base_model, torch_dtype=dtype)
    args = TrainingArguments(
        output_dir=cfg.output_dir,
        per_device_train_batch_size=cfg.micro_batch_size,
        gradient_accumulation_steps=cfg.gradient_accumulation_steps,
        num_train_epochs=cfg.num_epochs,
        learning_rate=cfg.learning_rate,
        bf16=bool(cfg.bf16),
        deepspeed=cfg.deepspeed,
    )
    Trainer(model=model, args=args).train()
