# train.py - sentence classification; settings from jsonargparse (a --config file applied where it stands)
import torch
from datasets import load_dataset
from jsonargparse import ActionConfigFile, ArgumentParser
from transformers import AutoModelForSequenceClassification


def get_parser():
    parser = ArgumentParser(description="fine-tune an encoder on a classification set")
    parser.add_argument("--config", action=ActionConfigFile)
    parser.add_argument("--model_name", type=str, default="bert-base-uncased")
    parser.add_argument("--dataset", type=str, default="glue")
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--batch_size", type=int, default=32)
    parser.add_argument("--max_epochs", type=int, default=10)
    parser.add_argument("--warmup_ratio", type=float, default=0.06)
    return parser


def main():
    args = get_parser().parse_args()
    model = AutoModelForSequenceClassification.from_pretrained(args.model_name, num_labels=2).cuda()
    data = load_dataset(args.dataset, "sst2")
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr)
    for _ in range(args.max_epochs):
        with torch.autocast("cuda", dtype=torch.bfloat16):
            pass


if __name__ == "__main__":
    main()
