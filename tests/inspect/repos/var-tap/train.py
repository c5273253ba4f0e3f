"""Trains VAR on ImageNet: one process per GPU under torchrun."""
import time

import torch
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.utils.data import DataLoader

from utils import arg_util
from utils.data import build_dataset
from models import build_vae_var


def build_everything(args: arg_util.Args):
    num_classes, dataset_train, dataset_val = build_dataset(args.data_path, final_reso=256, hflip=True)
    ld_train = DataLoader(dataset_train, batch_size=args.batch_size, num_workers=args.workers, pin_memory=True)
    vae_local, var_wo_ddp = build_vae_var(device='cuda', patch_nums=args.pn, depth=args.depth)
    var = DDP(var_wo_ddp, device_ids=[torch.cuda.current_device()], find_unused_parameters=False, broadcast_buffers=False)
    opt = torch.optim.AdamW(var_wo_ddp.parameters(), lr=args.tlr, weight_decay=args.twd, betas=(0.9, 0.95), fused=args.afuse)
    return var, opt, ld_train


def main_training():
    args: arg_util.Args = arg_util.init_dist_and_get_args()
    var, opt, ld_train = build_everything(args)
    scaler = torch.cuda.amp.GradScaler() if args.fp16 == 1 else None
    amp_dtype = torch.float16 if args.fp16 == 1 else torch.bfloat16
    for ep in range(args.ep):
        for inp, label in ld_train:
            with torch.autocast('cuda', enabled=args.fp16 > 0, dtype=amp_dtype):
                loss = var(label, inp)
            loss.backward()
            opt.step()


if __name__ == '__main__':
    main_training()
