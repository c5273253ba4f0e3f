import argparse

import torch
import yaml


def parse_command_line(args=None):
    parser = argparse.ArgumentParser(description="Train (or restart training of) a NequIP model.")
    parser.add_argument("config", help="YAML file configuring the model, dataset, and other options")
    parser.add_argument("--equivariance-test", action="store_true")
    parser.add_argument("--warn-unused", action="store_true")
    return parser.parse_args(args=args)


def main(args=None):
    args = parse_command_line(args)
    with open(args.config) as f:
        config = yaml.safe_load(f)
    torch.set_default_dtype(getattr(torch, config.get("default_dtype", "float32")))
    model = torch.nn.Linear(config["num_features"], 1)
    optim = torch.optim.Adam(model.parameters(), lr=config["learning_rate"])
    for epoch in range(config["max_epochs"]):
        loss = model(torch.zeros(1, config["num_features"])).sum()
        loss.backward()
        optim.step()


if __name__ == "__main__":
    main()
