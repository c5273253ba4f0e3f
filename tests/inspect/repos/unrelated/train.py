"""An Accelerate script; the repository ships example configs the job does not use."""
import argparse

from accelerate import Accelerator
from datasets import load_dataset
from transformers import AutoModelForSequenceClassification


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--model_name", default="bert-base-uncased")
    p.add_argument("--lr", type=float, default=2e-5)
    p.add_argument("--batch_size", type=int, default=32)
    args = p.parse_args()
    accelerator = Accelerator(mixed_precision="fp16")
    model = AutoModelForSequenceClassification.from_pretrained(args.model_name)
    data = load_dataset("glue", "mrpc")


if __name__ == "__main__":
    main()
