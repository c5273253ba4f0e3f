"""Fine-tunes a classifier with Accelerate; --mixed_precision defaults to the accelerate config's."""
import argparse

import torch
from accelerate import Accelerator
from transformers import AutoModelForSequenceClassification


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--model_name_or_path", default="bert-base-uncased")
    parser.add_argument("--mixed_precision", type=str, default=None, choices=["no", "fp16", "bf16"])
    parser.add_argument("--learning_rate", type=float, default=2e-5)
    args = parser.parse_args()
    accelerator = Accelerator(mixed_precision=args.mixed_precision)
    model = AutoModelForSequenceClassification.from_pretrained(args.model_name_or_path)
    optimizer = torch.optim.AdamW(model.parameters(), lr=args.learning_rate)
    model, optimizer = accelerator.prepare(model, optimizer)


if __name__ == "__main__":
    main()
