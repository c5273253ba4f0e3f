"""Fixture (ColossalAI examples look-alike): a Booster with a plugin chosen by --plugin."""
import argparse

import colossalai
import torch
from colossalai.booster import Booster
from colossalai.booster.plugin import GeminiPlugin, HybridParallelPlugin, LowLevelZeroPlugin, TorchDDPPlugin
from datasets import load_dataset
from transformers import AutoModelForCausalLM


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--pretrained", type=str, default=None, help="Address of the pre-trained model")
    parser.add_argument("-d", "--dataset", type=str, default="yizhongw/self_instruct", help="Data set path")
    parser.add_argument("-p", "--plugin", choices=["gemini", "gemini_auto", "zero2", "zero2_cpu", "hybrid_parallel"], default="gemini")
    parser.add_argument("-e", "--num_epochs", type=int, default=1, help="Number of epochs")
    parser.add_argument("-b", "--batch_size", type=int, default=2, help="Local batch size")
    parser.add_argument("--lr", type=float, default=3e-4, help="Learning rate")
    parser.add_argument("-w", "--weigth_decay", type=float, default=0.1)
    parser.add_argument("-s", "--warmup_steps", type=int, default=100)
    parser.add_argument("-g", "--grad_checkpoint", action="store_true")
    parser.add_argument("-l", "--max_length", type=int, default=4096)
    parser.add_argument("-x", "--mixed_precision", default="fp16", choices=["fp16", "bf16"])
    args = parser.parse_args()

    colossalai.launch_from_torch()
    if args.plugin == "gemini":
        plugin = GeminiPlugin(precision=args.mixed_precision, initial_scale=2**16, max_norm=1.0)
    elif args.plugin == "zero2":
        plugin = LowLevelZeroPlugin(stage=2, precision=args.mixed_precision, initial_scale=2**16, max_norm=1.0)
    else:
        plugin = HybridParallelPlugin(tp_size=4, pp_size=1, precision=args.mixed_precision)
    booster = Booster(plugin=plugin)
    model = AutoModelForCausalLM.from_pretrained(args.pretrained)
    dataset = load_dataset(args.dataset)
    optimizer = torch.optim.AdamW(model.parameters(), lr=args.lr)
    model, optimizer, _, dataloader, _ = booster.boost(model, optimizer, dataloader=dataset)


if __name__ == "__main__":
    main()
