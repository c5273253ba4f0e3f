# Entry point of the pre-training framework: `torchrun train.py --config FILE --launcher torch`.
import torch

from internlm.core.launch import get_default_parser, launch_from_torch


def main(args):
    cfg = launch_from_torch(config=args.config, seed=args.seed)
    model_cfg = cfg["model"]
    return model_cfg, torch.cuda.device_count()


if __name__ == "__main__":
    args = get_default_parser().parse_args()
    main(args)
