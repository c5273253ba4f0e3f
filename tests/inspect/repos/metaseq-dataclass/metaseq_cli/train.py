"""Train a model on one or more GPUs (entry of metaseq-train)."""
import torch

from metaseq import options, tasks
from metaseq.dataclass.utils import convert_namespace_to_omegaconf
from metaseq.distributed import utils as distributed_utils


def main(cfg):
    task = tasks.setup_task(cfg.task)
    model = task.build_model(cfg.model)
    optimizer = torch.optim.AdamW(model.parameters(), lr=cfg.optimization.lr[0])
    for step in range(cfg.optimization.max_update):
        loss = task.train_step(model)
        loss.backward()
        optimizer.step()


def cli_main():
    parser = options.get_training_parser()
    args = options.parse_args_and_arch(parser)
    cfg = convert_namespace_to_omegaconf(args)
    distributed_utils.call_main(cfg, main)


if __name__ == "__main__":
    cli_main()
