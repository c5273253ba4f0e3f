"""Command-line options of open_lm.main (fixture)."""
import argparse


def parse_args(args):
    parser = argparse.ArgumentParser()
    parser.add_argument("--model", type=str, default="open_lm_160m", help="Name of the model config (model_configs/NAME.json)")
    parser.add_argument("--dataset-manifest", type=str, nargs="+", default=None, help="Manifests of webdataset shards")
    parser.add_argument("--train-num-samples", type=int, default=None)
    parser.add_argument("--global-batch-size", type=int, default=8)
    parser.add_argument("--lr", type=float, default=5.0e-4)
    parser.add_argument("--wd", type=float, default=0.2)
    parser.add_argument("--warmup", type=int, default=10000)
    parser.add_argument("--epochs", type=int, default=32)
    parser.add_argument("--precision", choices=["amp", "amp_bfloat16", "fp16", "fp32"], default="amp")
    parser.add_argument("--fsdp", action="store_true", default=False)
    parser.add_argument("--ffn-type", choices=["swiglu", "gelu"], default="swiglu")
    parser.add_argument("--logs", type=str, default="./logs/")
    return parser.parse_args(args)
