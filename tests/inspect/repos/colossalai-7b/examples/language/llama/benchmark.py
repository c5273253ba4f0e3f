# Benchmarks Llama pre-training under a ColossalAI booster plugin chosen by --plugin (own fixture).
import argparse
import colossalai
import torch
from colossalai.booster import Booster
from colossalai.booster.plugin import GeminiPlugin, HybridParallelPlugin, LowLevelZeroPlugin
from transformers import LlamaConfig, LlamaForCausalLM

MODEL_CONFIGS = {
    "7b": LlamaConfig(max_position_embeddings=4096),
    "13b": LlamaConfig(hidden_size=5120, intermediate_size=13824, num_hidden_layers=40,
                       num_attention_heads=40, max_position_embeddings=4096),
    "70b": LlamaConfig(hidden_size=8192, intermediate_size=28672, num_hidden_layers=80,
                       num_attention_heads=64, num_key_value_heads=8, max_position_embeddings=4096),
}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("-c", "--config", type=str, default="7b", help="Model configuration")
    parser.add_argument("-p", "--plugin", choices=["gemini", "zero2", "3d"], default="gemini")
    parser.add_argument("-b", "--batch_size", type=int, default=2)
    parser.add_argument("-s", "--num_steps", type=int, default=5)
    parser.add_argument("-l", "--max_length", type=int, default=4096)
    parser.add_argument("-g", "--grad_checkpoint", action="store_true")
    parser.add_argument("--mixed_precision", type=str, default="fp16", choices=["fp16", "bf16"])
    parser.add_argument("--tp", type=int, default=1)
    parser.add_argument("--pp", type=int, default=1)
    args = parser.parse_args()

    colossalai.launch_from_torch()
    if args.plugin == "gemini":
        plugin = GeminiPlugin(precision=args.mixed_precision)
    elif args.plugin == "zero2":
        plugin = LowLevelZeroPlugin(stage=2, precision=args.mixed_precision)
    elif args.plugin == "3d":
        plugin = HybridParallelPlugin(tp_size=args.tp, pp_size=args.pp, zero_stage=0,
                                      precision=args.mixed_precision, microbatch_size=1)
    booster = Booster(plugin=plugin)
    config = MODEL_CONFIGS[args.config]
    model = LlamaForCausalLM(config)
    model, *_ = booster.boost(model)


if __name__ == "__main__":
    main()
