import hydra
import torch
from accelerate import Accelerator

from .utils import build_model, build_loaders, build_optimizer, run_training


@hydra.main(config_path="configs", config_name="default", version_base="1.1")
def main(args):
    acc = Accelerator(cpu=args.device == "cpu", mixed_precision=args.precision)
    model = build_model(args)
    optimizer = build_optimizer(model, args)
    train_dl, eval_dl = build_loaders(args)
    model, optimizer, train_dl, eval_dl = acc.prepare(model, optimizer, train_dl, eval_dl)
    if args.model.compile:
        model = torch.compile(model)
    run_training(model, optimizer, train_dl, eval_dl, acc, args)


if __name__ == "__main__":
    main()
