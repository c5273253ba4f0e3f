"""Object detection with torchvision's Faster R-CNN on COCO, DDP under torchrun."""
import argparse

import torch
import torchvision
from torch.nn.parallel import DistributedDataParallel

p = argparse.ArgumentParser()
p.add_argument("--model", default="maskrcnn_resnet50_fpn")
p.add_argument("--data-path", default="/datasets01/COCO/022719/")
p.add_argument("--epochs", type=int, default=26)
p.add_argument("--batch-size", type=int, default=2)
p.add_argument("--lr", type=float, default=0.02)
p.add_argument("--amp", action="store_true")
args = p.parse_args()
torch.distributed.init_process_group("nccl")
model = torchvision.models.get_model(args.model, weights=None, num_classes=91)
model = DistributedDataParallel(model.cuda())
scaler = torch.cuda.amp.GradScaler() if args.amp else None
data = torchvision.datasets.CocoDetection(args.data_path + "/train2017", args.data_path + "/annotations/instances_train2017.json")
