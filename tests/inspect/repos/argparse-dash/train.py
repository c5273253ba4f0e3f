# Fixture (argparse as people write it in small research repos): single-dash long options (-lr,
# -bs), several positional data files (nargs='+'), a choices option, type=float given as 3e-4.
import argparse

import torch
from torch.nn.parallel import DistributedDataParallel as DDP
from transformers import AutoModelForSequenceClassification

parser = argparse.ArgumentParser()
parser.add_argument("train_files", nargs="+", help="training data files")
parser.add_argument("-lr", "--learning-rate", dest="lr", type=float, default=1e-5)
parser.add_argument("-bs", type=int, default=16, help="batch size per GPU")
parser.add_argument("-ep", "--epochs", type=int, default=3)
parser.add_argument("--model", default="bert-base-uncased", help="model name or path")
parser.add_argument("--precision", choices=["fp32", "fp16", "bf16"], default="fp32")


def main():
    args = parser.parse_args()
    torch.distributed.init_process_group("nccl")
    model = AutoModelForSequenceClassification.from_pretrained(args.model, num_labels=2)
    model = DDP(model.cuda())
    dtype = {"fp16": torch.float16, "bf16": torch.bfloat16}.get(args.precision)
    with torch.autocast("cuda", dtype=dtype, enabled=dtype is not None):
        pass


if __name__ == "__main__":
    main()
