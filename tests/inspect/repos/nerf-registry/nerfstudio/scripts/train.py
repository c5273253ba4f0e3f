"""ns-train METHOD [--flags]: tyro turns each registered method into a subcommand (fixture)."""
import torch
import tyro

from nerfstudio.configs.method_configs import AnnotatedBaseConfigUnion, TrainerConfig


def main(config: TrainerConfig) -> None:
    torch.manual_seed(42)
    if torch.cuda.device_count() > 1:
        torch.distributed.init_process_group("nccl")


def entrypoint():
    main(tyro.cli(AnnotatedBaseConfigUnion))


if __name__ == "__main__":
    entrypoint()
