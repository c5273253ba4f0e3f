# Fine-tunes a Mistral model with LoRA: fire gives the YAML path, TrainArgs.load reads it (fixture).
import fire
import torch
import torch.distributed as dist

from finetune.args import TrainArgs
from finetune.wrapped_model import load_model


def train(config: str):
    args: TrainArgs = TrainArgs.load(config, drop_extra_fields=False)
    _train(args)


def _train(args: TrainArgs):
    dist.init_process_group(backend="nccl")
    model = load_model(folder=args.model_id_or_path, param_dtype=torch.bfloat16)
    optimizer = torch.optim.AdamW(model.parameters(), lr=args.optim.lr, weight_decay=args.optim.weight_decay)
    return optimizer


if __name__ == "__main__":
    fire.Fire(train)
