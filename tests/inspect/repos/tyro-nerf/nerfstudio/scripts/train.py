"""ns-train METHOD [--flags]: tyro builds one subcommand per method config (fixture)."""
import torch
import tyro

from nerfstudio.configs.method_configs import TrainerConfig, method_configs


def main(config: TrainerConfig) -> None:
    torch.manual_seed(42)
    if torch.cuda.device_count() > 1:
        torch.distributed.init_process_group("nccl")


def entrypoint():
    tyro.extras.set_accent_color("bright_yellow")
    main(tyro.extras.subcommand_cli_from_dict(method_configs))


if __name__ == "__main__":
    entrypoint()
