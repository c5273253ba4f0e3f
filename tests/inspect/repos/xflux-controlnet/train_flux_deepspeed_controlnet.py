# ControlNet training for FLUX: every setting from the YAML named by --config, read as a namespace.
import argparse
import torch
from accelerate import Accelerator
from omegaconf import OmegaConf
from src.flux.util import load_flow_model2


def parse_args():
    parser = argparse.ArgumentParser(description="ControlNet training for FLUX.")
    parser.add_argument("--config", type=str, required=True, help="path to config")
    args = parser.parse_args()
    return args.config


def main():
    args = OmegaConf.load(parse_args())
    accelerator = Accelerator(gradient_accumulation_steps=args.gradient_accumulation_steps, mixed_precision=args.mixed_precision)
    dit = load_flow_model2(args.model_name, device="cpu")
    optimizer = torch.optim.AdamW(dit.parameters(), lr=args.learning_rate)
    for step in range(args.max_train_steps):
        loss = dit(torch.zeros(1)).mean()
        accelerator.backward(loss)
        optimizer.step()


if __name__ == "__main__":
    main()
