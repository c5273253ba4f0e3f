"""Trainer entry points: the process group, FSDP wrapping by the train module, the loop."""
import torch.distributed as dist


def prepare_training_environment():
    dist.init_process_group("nccl")


def train(config):
    config["trainer"].build(config["train_module"].build(config["model"].build())).fit()
