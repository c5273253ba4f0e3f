# setup.py - distributed environment, seeds, and the experiment config merged from default.yaml files
import os
from copy import deepcopy

import torch
import torch.distributed

from efficientvit.apps.utils import dump_config, load_config, partial_update_config


def setup_dist_env(gpu=None):
    if gpu is not None:
        os.environ["CUDA_VISIBLE_DEVICES"] = gpu
    torch.distributed.init_process_group(backend="nccl")
    torch.cuda.set_device(int(os.environ["LOCAL_RANK"]))


def setup_seed(manual_seed, resume):
    torch.manual_seed(manual_seed)


def setup_exp_config(config_path, recursive=True, opt_args=None):
    # load config
    if not os.path.isfile(config_path):
        raise ValueError(config_path)

    fpaths = [config_path]
    if recursive:
        extension = os.path.splitext(config_path)[1]
        while os.path.dirname(config_path) != config_path:
            config_path = os.path.dirname(config_path)
            fpath = os.path.join(config_path, "default" + extension)
            if os.path.isfile(fpath):
                fpaths.append(fpath)
        fpaths = fpaths[::-1]

    default_config = load_config(fpaths[0])
    exp_config = deepcopy(default_config)
    for fpath in fpaths[1:]:
        partial_update_config(exp_config, load_config(fpath))
    # update config via args
    if opt_args is not None:
        partial_update_config(exp_config, opt_args)

    return exp_config


def save_exp_config(exp_config, path, name="config.yaml"):
    dump_config(exp_config, os.path.join(path, name))


def setup_data_provider(exp_config, data_provider_classes, is_distributed=True):
    dp_config = exp_config["data_provider"]
    dp_config["num_replicas"] = torch.distributed.get_world_size() if is_distributed else None
    dp_config["rank"] = torch.distributed.get_rank() if is_distributed else None
    dp_config["test_batch_size"] = dp_config.get("test_batch_size", None) or dp_config["base_batch_size"] * 2
    dp_config["batch_size"] = dp_config["train_batch_size"] = dp_config["base_batch_size"]
    provider_classes = {provider.name: provider for provider in data_provider_classes}
    data_provider_class = provider_classes[dp_config["dataset"]]
    return data_provider_class(**dp_config)


def setup_run_config(exp_config, run_config_cls):
    exp_config["run_config"]["init_lr"] = exp_config["run_config"]["base_lr"] * torch.distributed.get_world_size()
    return run_config_cls(**exp_config["run_config"])
