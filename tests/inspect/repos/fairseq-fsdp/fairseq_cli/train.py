"""Fixture (fairseq look-alike): train a model on a binarized data directory."""
import torch

from fairseq import options


def main(args):
    if args.distributed_world_size > 1:
        torch.distributed.init_process_group(backend="nccl")
    model = build_model(args.arch)


def cli_main():
    parser = options.get_training_parser()
    args = options.parse_args_and_arch(parser)
    main(args)


if __name__ == "__main__":
    cli_main()
