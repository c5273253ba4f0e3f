"""BERT on GLUE/MRPC with Hugging Face Accelerate (accelerate launch)."""
import argparse

import torch
from accelerate import Accelerator
from datasets import load_dataset
from torch.utils.data import DataLoader
from transformers import AutoModelForSequenceClassification, AutoTokenizer, get_linear_schedule_with_warmup

MODEL = "bert-base-uncased"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--num_epochs", type=int, default=3)
    parser.add_argument("--batch_size", type=int, default=32)
    parser.add_argument("--lr", type=float, default=2e-5)
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--output_dir", default="out/bert-mrpc")
    args = parser.parse_args()
    accelerator = Accelerator(mixed_precision="bf16", gradient_accumulation_steps=1)
    tokenizer = AutoTokenizer.from_pretrained(MODEL)
    model = AutoModelForSequenceClassification.from_pretrained("bert-base-uncased", num_labels=2)
    data = load_dataset("glue", "mrpc")
    loader = DataLoader(data["train"], batch_size=args.batch_size, shuffle=True)
    optimizer = torch.optim.AdamW(model.parameters(), lr=args.lr)
    model, optimizer, loader = accelerator.prepare(model, optimizer, loader)
    for epoch in range(args.num_epochs):
        for batch in loader:
            loss = model(**batch).loss
            accelerator.backward(loss)
            optimizer.step()
            optimizer.zero_grad()
    accelerator.wait_for_everyone()
    accelerator.save_state(args.output_dir)


if __name__ == "__main__":
    main()
