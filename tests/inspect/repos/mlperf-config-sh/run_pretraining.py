"""BERT pretraining on sharded HDF5 files, data parallel with torch.distributed."""
import argparse
import os

import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel as DDP

from modeling import BertConfig, BertForPreTraining
from schedulers import PolyWarmUpScheduler
from lamb import Lamb


def parse_arguments():
    parser = argparse.ArgumentParser()
    parser.add_argument("--input_dir", default=None, type=str, required=True,
                        help="The input data dir. Should contain .hdf5 files for the task.")
    parser.add_argument("--eval_dir", default=None, type=str)
    parser.add_argument("--bert_config_path", default=None, type=str, required=True)
    parser.add_argument("--train_batch_size", default=32, type=int)
    parser.add_argument("--learning_rate", default=5e-5, type=float)
    parser.add_argument("--max_steps", default=1000, type=float)
    parser.add_argument("--warmup_proportion", default=0.01, type=float)
    parser.add_argument("--gradient_accumulation_steps", type=int, default=1)
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--fp16", default=False, action="store_true",
                        help="Mixed precision training")
    parser.add_argument("--allreduce_post_accumulation", default=False, action="store_true")
    parser.add_argument("--allreduce_post_accumulation_fp16", default=False, action="store_true")
    parser.add_argument("--dense_seq_output", default=False, action="store_true")
    parser.add_argument("--unpad", default=False, action="store_true")
    parser.add_argument("--fused_gelu_bias", default=False, action="store_true")
    parser.add_argument("--max_seq_length", default=512, type=int)
    parser.add_argument("--local_rank", type=int, default=os.getenv("LOCAL_RANK", -1))
    return parser.parse_args()


def main():
    args = parse_arguments()
    dist.init_process_group(backend="nccl")
    device = torch.device("cuda", args.local_rank)
    config = BertConfig.from_json_file(args.bert_config_path)
    model = BertForPreTraining(config).to(device)
    optimizer = Lamb(model.parameters(), lr=args.learning_rate, betas=(0.9, 0.999))
    scheduler = PolyWarmUpScheduler(optimizer, warmup=args.warmup_proportion, total_steps=args.max_steps)
    scaler = torch.cuda.amp.GradScaler(enabled=args.fp16)
    model = DDP(model, device_ids=[args.local_rank])
    for step in range(int(args.max_steps)):
        with torch.autocast("cuda", dtype=torch.float16, enabled=args.fp16):
            pass
        scheduler.step()


if __name__ == "__main__":
    main()
