# Instruction fine-tuning of a code model with LoRA adapters and the HF Trainer.
import argparse
import os

import torch
from accelerate import Accelerator
from datasets import load_dataset
from peft import LoraConfig, get_peft_model, prepare_model_for_kbit_training
from transformers import AutoModelForCausalLM, AutoTokenizer, Trainer, TrainingArguments, logging, set_seed


def get_args():
    parser = argparse.ArgumentParser()
    parser.add_argument("--model_path", type=str, default="bigcode/large-model")
    parser.add_argument("--dataset_name", type=str, default="HuggingFaceH4/CodeAlpaca_20K")
    parser.add_argument("--subset", type=str)
    parser.add_argument("--split", type=str)
    parser.add_argument("--size_valid_set", type=int, default=10000)
    parser.add_argument("--streaming", action="store_true")
    parser.add_argument("--shuffle_buffer", type=int, default=5000)
    parser.add_argument("--input_column_name", type=str, default="prompt")
    parser.add_argument("--output_column_name", type=str, default="completion")
    parser.add_argument("--seq_length", type=int, default=2048)
    parser.add_argument("--max_steps", type=int, default=10000)
    parser.add_argument("--batch_size", type=int, default=1)
    parser.add_argument("--gradient_accumulation_steps", type=int, default=16)
    parser.add_argument("--eos_token_id", type=int, default=49152)
    parser.add_argument("--lora_r", type=int, default=16)
    parser.add_argument("--lora_alpha", type=int, default=32)
    parser.add_argument("--lora_dropout", type=float, default=0.05)
    parser.add_argument("--learning_rate", type=float, default=5e-6)
    parser.add_argument("--lr_scheduler_type", type=str, default="cosine")
    parser.add_argument("--num_warmup_steps", type=int, default=100)
    parser.add_argument("--weight_decay", type=float, default=0.05)
    parser.add_argument("--local_rank", type=int, default=0)
    parser.add_argument("--no_fp16", action="store_false")
    parser.add_argument("--bf16", action="store_true", default=True)
    parser.add_argument("--no_gradient_checkpointing", action="store_false", default=False)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--num_workers", type=int, default=None)
    parser.add_argument("--output_dir", type=str, default="./checkpoints")
    parser.add_argument("--log_freq", default=100, type=int)
    parser.add_argument("--eval_freq", default=100, type=int)
    parser.add_argument("--save_freq", default=1000, type=int)
    return parser.parse_args()


def create_datasets(tokenizer, args):
    dataset = load_dataset(args.dataset_name, data_dir=args.subset, split=args.split, streaming=args.streaming)
    return dataset, None


def run_training(args, train_data, val_data):
    model = AutoModelForCausalLM.from_pretrained(args.model_path, use_auth_token=True, use_cache=not args.no_gradient_checkpointing,
                                                 load_in_8bit=True, device_map={"": Accelerator().process_index})
    model = prepare_model_for_kbit_training(model)
    lora_config = LoraConfig(r=args.lora_r, lora_alpha=args.lora_alpha, lora_dropout=args.lora_dropout, bias="none",
                             task_type="CAUSAL_LM", target_modules=["c_proj", "c_attn", "q_attn"])
    model = get_peft_model(model, lora_config)
    training_args = TrainingArguments(output_dir=args.output_dir, dataloader_drop_last=True, max_steps=args.max_steps,
                                      learning_rate=args.learning_rate, lr_scheduler_type=args.lr_scheduler_type,
                                      warmup_steps=args.num_warmup_steps, gradient_accumulation_steps=args.gradient_accumulation_steps,
                                      gradient_checkpointing=args.no_gradient_checkpointing, fp16=args.no_fp16, bf16=args.bf16,
                                      weight_decay=args.weight_decay, per_device_train_batch_size=args.batch_size,
                                      ddp_find_unused_parameters=False)
    trainer = Trainer(model=model, args=training_args, train_dataset=train_data, eval_dataset=val_data)
    trainer.train()


def main(args):
    tokenizer = AutoTokenizer.from_pretrained(args.model_path, use_auth_token=True)
    train_dataset, eval_dataset = create_datasets(tokenizer, args)
    run_training(args, train_dataset, eval_dataset)


if __name__ == "__main__":
    args = get_args()
    set_seed(args.seed)
    os.makedirs(args.output_dir, exist_ok=True)
    logging.set_verbosity_error()
    main(args)
