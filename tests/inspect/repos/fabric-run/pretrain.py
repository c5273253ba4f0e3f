# Pre-trains a causal language model with Lightning Fabric; devices, strategy and precision
# come from the `fabric run` launcher (own fixture).
import argparse
import lightning as L
import torch
from transformers import AutoConfig, AutoModelForCausalLM


def parse():
    p = argparse.ArgumentParser()
    p.add_argument("--model", default="EleutherAI/pythia-160m")
    p.add_argument("--data_dir", default="data/openwebtext")
    p.add_argument("--batch_size", type=int, default=8)
    p.add_argument("--lr", type=float, default=6e-4)
    p.add_argument("--max_steps", type=int, default=10000)
    p.add_argument("--seq_len", type=int, default=2048)
    return p.parse_args()


def main():
    args = parse()
    fabric = L.Fabric()
    fabric.launch()
    with fabric.init_module():
        model = AutoModelForCausalLM.from_config(AutoConfig.from_pretrained(args.model))
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr)
    model, opt = fabric.setup(model, opt)
    for step in range(args.max_steps):
        pass


if __name__ == "__main__":
    main()
