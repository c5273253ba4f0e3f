"""Detector training: the architecture is a YAML layer list named by --cfg
(mechanism seen in WongKinYiu/yolov7 train.py; written for this fixture)."""
import argparse

import torch
import yaml
from torch.nn.parallel import DistributedDataParallel as DDP


def train(hyp, opt):
    model = torch.nn.Conv2d(3, 16, 3)
    if opt.local_rank != -1:
        model = DDP(model, device_ids=[opt.local_rank])
    scaler = torch.cuda.amp.GradScaler(enabled=True)


if __name__ == '__main__':
    parser = argparse.ArgumentParser()
    parser.add_argument('--weights', type=str, default='yolo7.pt', help='initial weights path')
    parser.add_argument('--cfg', type=str, default='', help='model.yaml path')
    parser.add_argument('--data', type=str, default='data/coco.yaml', help='data.yaml path')
    parser.add_argument('--hyp', type=str, default='data/hyp.scratch.p5.yaml', help='hyperparameters path')
    parser.add_argument('--epochs', type=int, default=300)
    parser.add_argument('--batch-size', type=int, default=16, help='total batch size for all GPUs')
    parser.add_argument('--img-size', nargs='+', type=int, default=[640, 640], help='[train, test] image sizes')
    parser.add_argument('--device', default='', help='cuda device, i.e. 0 or 0,1,2,3 or cpu')
    parser.add_argument('--sync-bn', action='store_true', help='use SyncBatchNorm')
    parser.add_argument('--local_rank', type=int, default=-1, help='DDP parameter, do not modify')
    parser.add_argument('--name', default='exp', help='save to project/name')
    opt = parser.parse_args()
    with open(opt.hyp) as f:
        hyp = yaml.load(f, Loader=yaml.SafeLoader)
    train(hyp, opt)
