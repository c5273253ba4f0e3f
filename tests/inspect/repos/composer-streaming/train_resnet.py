"""ResNet-50 on ImageNet stored as MDS shards (fixture): MosaicML streaming + Composer Trainer,
launched with `composer -n 8 train_resnet.py`."""
import argparse

import torch
from composer import Trainer
from composer.models import ComposerClassifier
from composer.optim import DecoupledSGDW
from streaming import StreamingDataset
from torch.utils.data import DataLoader
from torchvision.models import resnet50

parser = argparse.ArgumentParser()
parser.add_argument("--remote", type=str, default="s3://example-bucket/imagenet-mds", help="where the shards live")
parser.add_argument("--local", type=str, default="/tmp/imagenet-cache", help="local shard cache")
parser.add_argument("--batch_size", type=int, default=128)
parser.add_argument("--lr", type=float, default=2.048)
parser.add_argument("--max_duration", type=str, default="90ep")
args = parser.parse_args()

train_ds = StreamingDataset(remote=args.remote, local=args.local, shuffle=True, batch_size=args.batch_size)
train_dl = DataLoader(train_ds, batch_size=args.batch_size, num_workers=8)
model = ComposerClassifier(resnet50(), num_classes=1000)
optimizer = DecoupledSGDW(model.parameters(), lr=args.lr, momentum=0.875, weight_decay=5e-5)
trainer = Trainer(
    model=model,
    train_dataloader=train_dl,
    optimizers=optimizer,
    max_duration=args.max_duration,
    precision="amp_bf16",
    device_train_microbatch_size=64,
    save_folder="s3://example-bucket/checkpoints/r50",
)
trainer.fit()
