import os

import torch
import yaml


def load_config(model, dataset, config_file_list=None):
    here = os.path.join(os.path.dirname(__file__), "..", "properties")
    config = {}
    for path in [os.path.join(here, "overall.yaml"), os.path.join(here, "model", model + ".yaml"),
                 os.path.join(here, "dataset", dataset + ".yaml")] + (config_file_list or []):
        if os.path.isfile(path):
            with open(path) as f:
                config.update(yaml.safe_load(f) or {})
    return config


def run(model, dataset, config_file_list=None, nproc=1):
    config = load_config(model, dataset, config_file_list)
    net = torch.nn.Embedding(1000, config["embedding_size"])
    opt = torch.optim.Adam(net.parameters(), lr=config["learning_rate"])
    for epoch in range(config["epochs"]):
        loss = net.weight.sum()
        loss.backward()
        opt.step()
