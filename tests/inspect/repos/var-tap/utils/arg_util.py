"""Command-line arguments of the trainer, as a typed argument parser class."""
import os
import sys

from tap import Tap


class Args(Tap):
    data_path: str = '/path/to/imagenet'
    exp_name: str = 'text'

    # VAE
    vfast: int = 0      # torch.compile VAE; =0: not compile
    # VAR
    tfast: int = 0      # torch.compile VAR
    depth: int = 16     # VAR depth
    # VAR initialization
    ini: float = -1     # -1: automated model parameter initialization
    hd: float = 0.02    # head.w *= hd
    aln: float = 0.5    # the multiplier of ada_lin.w's initialization
    alng: float = 1e-5  # the multiplier of ada_lin.w[gamma channels]'s initialization
    # VAR optimization
    fp16: int = 0           # 1: using fp16, 2: bf16
    tblr: float = 1e-4      # base lr
    tlr: float = None       # lr = base lr * (bs / 256)
    twd: float = 0.05       # initial wd
    twde: float = 0         # final wd, =twde or twd
    tclip: float = 2.       # <=0 for not using grad clip
    ls: float = 0.0         # label smooth

    bs: int = 768           # global batch size
    batch_size: int = 0     # [automatically set; don't specify this] batch size per GPU = round(args.bs / args.ac / dist.get_world_size() / 8) * 8
    glb_batch_size: int = 0
    ac: int = 1             # gradient accumulation

    ep: int = 250
    wp: float = 0
    wp0: float = 0.005      # initial lr ratio at the begging of lr warm up
    wpe: float = 0.01       # final lr ratio at the end of training
    sche: str = 'lin0'      # lr schedule

    opt: str = 'adamw'      # lion: https://cloud.tencent.com/developer/article/2336657?areaId=106001 lr=5e-5 (0.25x) wd=0.8 (8x); Lion needs a large bs to work
    afuse: bool = True      # fused adamw

    # data
    pn: str = '1_2_3_4_5_6_8_10_13_16'
    patch_size: int = 16
    workers: int = 0        # num workers; 0: auto, -1: don't use multiprocessing in DataLoader

    def seed_everything(self, benchmark: bool):
        pass


def init_dist_and_get_args():
    args = Args(explicit_bool=True).parse_args(known_only=True)
    args.tlr = args.tblr * args.bs / 256
    return args
