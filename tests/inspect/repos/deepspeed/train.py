"""Fine-tune Llama-2-7B with DeepSpeed ZeRO-3 (launched by the deepspeed launcher)."""
import argparse

import deepspeed
import torch
from datasets import load_dataset
from transformers import AutoModelForCausalLM, AutoTokenizer


def get_args():
    parser = argparse.ArgumentParser(description="llama fine-tuning")
    parser.add_argument("--model", type=str, default="meta-llama/Llama-2-7b-hf")
    parser.add_argument("--data_path", type=str, default="tatsu-lab/alpaca")
    parser.add_argument("--epochs", type=int, default=2)
    parser.add_argument("--max_seq_len", type=int, default=2048)
    parser.add_argument("--save_dir", type=str, default="output/llama2-7b-alpaca")
    parser.add_argument("--local_rank", type=int, default=-1)
    parser = deepspeed.add_config_arguments(parser)
    return parser.parse_args()


def main():
    args = get_args()
    tokenizer = AutoTokenizer.from_pretrained(args.model)
    model = AutoModelForCausalLM.from_pretrained(args.model)
    data = load_dataset(args.data_path, split="train")
    engine, optimizer, loader, _ = deepspeed.initialize(args=args, model=model,
                                                        model_parameters=model.parameters(),
                                                        training_data=data)
    for epoch in range(args.epochs):
        for step, batch in enumerate(loader):
            loss = engine(**batch).loss
            engine.backward(loss)
            engine.step()
    engine.save_checkpoint(args.save_dir)


if __name__ == "__main__":
    main()
