import datasets
import torch
from transformers import AutoConfig, T5ForConditionalGeneration


def build_model(args):
    config = AutoConfig.from_pretrained(args.model.name)
    if args.model.random_init:
        return T5ForConditionalGeneration(config)
    return T5ForConditionalGeneration.from_pretrained(args.model.name, config=config)


def build_loaders(args):
    ds = datasets.load_dataset("c4", "en", streaming=True)
    train = ds["train"].shuffle(seed=args.seed)
    val = ds["validation"]
    mk = lambda d: torch.utils.data.DataLoader(d, batch_size=args.optim.batch_size // args.optim.grad_acc, num_workers=args.data.num_workers)
    return mk(train), mk(val)


def build_optimizer(model, args):
    return torch.optim.AdamW(model.parameters(), lr=args.optim.base_lr, weight_decay=args.optim.weight_decay)
