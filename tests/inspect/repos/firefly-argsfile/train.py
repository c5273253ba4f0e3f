# Fine-tuning entry: the settings come from the JSON file named by --train_args_file.
import argparse
import os
import json
from os.path import join
import torch
from loguru import logger
from transformers import (
    set_seed,
    HfArgumentParser,
    TrainingArguments,
    AutoModelForCausalLM,
    AutoTokenizer,
    Trainer,
)
from datasets import load_dataset
from component.argument import CustomizedArguments


def setup_everything():
    parser = argparse.ArgumentParser()
    parser.add_argument("--train_args_file", type=str, default='train_args/sft/qlora/qwen-7b-sft-qlora.json', help="")
    parser.add_argument("--local_rank", type=int, help="")
    args = parser.parse_args()
    train_args_file = args.train_args_file
    # read the settings
    parser = HfArgumentParser((CustomizedArguments, TrainingArguments))
    args, training_args = parser.parse_json_file(json_file=train_args_file)
    if not os.path.exists(training_args.output_dir):
        os.makedirs(training_args.output_dir)
    logger.add(join(training_args.output_dir, 'train.log'))
    logger.info("train_args:{}".format(training_args))
    set_seed(training_args.seed)
    return args, training_args


def load_model(args, training_args):
    torch_dtype = torch.float16 if training_args.fp16 else torch.bfloat16
    model = AutoModelForCausalLM.from_pretrained(args.model_name_or_path, torch_dtype=torch_dtype, trust_remote_code=True)
    return model


def main():
    args, training_args = setup_everything()
    tokenizer = AutoTokenizer.from_pretrained(args.model_name_or_path, trust_remote_code=True)
    model = load_model(args, training_args)
    train_dataset = load_dataset("json", data_files=args.train_file)["train"]
    trainer = Trainer(model=model, args=training_args, train_dataset=train_dataset, tokenizer=tokenizer)
    train_result = trainer.train()
    trainer.save_model(training_args.output_dir)


if __name__ == "__main__":
    main()
