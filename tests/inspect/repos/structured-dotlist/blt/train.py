"""Training loop: settings are the schema's defaults, then --config YAML, then a.b=v words."""
import argparse

import torch
from omegaconf import OmegaConf
from torch.distributed.fsdp import FullyShardedDataParallel as FSDP, ShardingStrategy

from blt.args import TrainArgs
from blt.model import ByteTransformer


def parse_args() -> TrainArgs:
    parser = argparse.ArgumentParser()
    parser.add_argument("--config", required=True, help="YAML file with the run's settings")
    args, unknown = parser.parse_known_args()
    schema = OmegaConf.structured(TrainArgs)
    file_cfg = OmegaConf.load(args.config)
    cli_cfg = OmegaConf.from_dotlist(unknown)
    cfg = OmegaConf.merge(schema, file_cfg, cli_cfg)
    return OmegaConf.to_object(cfg)


def train(args: TrainArgs):
    torch.distributed.init_process_group("nccl")
    torch.manual_seed(args.seed)
    model = ByteTransformer(args.model).cuda()
    dtype = {"bf16": torch.bfloat16, "fp32": torch.float32}[args.distributed.model_dtype]
    if args.distributed.fsdp_type == "full_shard":
        model = FSDP(model, sharding_strategy=ShardingStrategy.FULL_SHARD,
                     mixed_precision=torch.distributed.fsdp.MixedPrecision(param_dtype=dtype))
    else:
        model = torch.nn.parallel.DistributedDataParallel(model)
    optimizer = torch.optim.AdamW(model.parameters(), lr=args.optim.lr, weight_decay=args.optim.weight_decay)
    for step in range(args.steps):
        loss = model(torch.randint(0, args.model.vocab_size, (args.data.batch_size, args.data.seq_len)).cuda())
        loss.backward()
        optimizer.step()


if __name__ == "__main__":
    train(parse_args())
