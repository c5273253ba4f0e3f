"""BERT pretraining with LAMB; one process per GPU under torch.distributed.launch."""
import argparse

import torch
from apex.optimizers import FusedLAMB
from torch.nn.parallel import DistributedDataParallel as DDP

import modeling


def parse_arguments():
    parser = argparse.ArgumentParser()
    parser.add_argument("--input_dir", default=None, type=str, required=True)
    parser.add_argument("--config_file", default=None, type=str, required=True)
    parser.add_argument("--output_dir", default=None, type=str, required=True)
    parser.add_argument("--max_seq_length", default=512, type=int)
    parser.add_argument("--train_batch_size", default=32, type=int)
    parser.add_argument("--learning_rate", default=5e-5, type=float)
    parser.add_argument("--max_steps", default=1000, type=float)
    parser.add_argument("--warmup_proportion", default=0.01, type=float)
    parser.add_argument("--gradient_accumulation_steps", type=int, default=1)
    parser.add_argument("--local_rank", type=int, default=-1)
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--fp16", default=False, action='store_true')
    return parser.parse_args()


def main():
    args = parse_arguments()
    config = modeling.BertConfig.from_json_file(args.config_file)
    model = modeling.BertForPreTraining(config)
    torch.distributed.init_process_group(backend='nccl')
    model = DDP(model)


if __name__ == "__main__":
    main()
