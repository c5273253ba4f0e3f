# Trains a half-depth Falcon-shaped decoder: only the depth is given; width, heads, the one shared
# key/value head and the vocabulary are the configuration class's defaults.
import torch
from transformers import FalconConfig, FalconForCausalLM
from accelerate import Accelerator

LR = 2e-4
EPOCHS = 2


def main():
    accelerator = Accelerator(mixed_precision="bf16")
    config = FalconConfig(num_hidden_layers=16)
    model = FalconForCausalLM(config)
    opt = torch.optim.AdamW(model.parameters(), lr=LR)
    model, opt = accelerator.prepare(model, opt)


if __name__ == "__main__":
    main()
