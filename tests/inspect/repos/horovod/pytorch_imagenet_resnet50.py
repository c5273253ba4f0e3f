"""ImageNet ResNet-50 with Horovod (fixture): allreduce data parallelism, one process per GPU."""
import argparse
import os

import horovod.torch as hvd
import torch
import torch.nn.functional as F
import torch.optim as optim
from torchvision import datasets, models, transforms

parser = argparse.ArgumentParser(description="PyTorch ImageNet Example",
                                 formatter_class=argparse.ArgumentDefaultsHelpFormatter)
parser.add_argument("--train-dir", default=os.path.expanduser("~/imagenet/train"), help="path to training data")
parser.add_argument("--val-dir", default=os.path.expanduser("~/imagenet/validation"), help="path to validation data")
parser.add_argument("--fp16-allreduce", action="store_true", default=False, help="use fp16 compression during allreduce")
parser.add_argument("--batches-per-allreduce", type=int, default=1)
parser.add_argument("--batch-size", type=int, default=32, help="input batch size for training")
parser.add_argument("--epochs", type=int, default=90)
parser.add_argument("--base-lr", type=float, default=0.0125, help="learning rate for a single GPU")
parser.add_argument("--warmup-epochs", type=float, default=5)
parser.add_argument("--momentum", type=float, default=0.9)
parser.add_argument("--wd", type=float, default=0.00005, help="weight decay")
parser.add_argument("--seed", type=int, default=42)

args = parser.parse_args()
hvd.init()
torch.cuda.set_device(hvd.local_rank())

train_dataset = datasets.ImageFolder(args.train_dir, transform=transforms.ToTensor())
train_sampler = torch.utils.data.distributed.DistributedSampler(train_dataset, num_replicas=hvd.size(), rank=hvd.rank())
train_loader = torch.utils.data.DataLoader(train_dataset, batch_size=args.batch_size * args.batches_per_allreduce,
                                           sampler=train_sampler)

model = models.resnet50().cuda()
optimizer = optim.SGD(model.parameters(), lr=args.base_lr * hvd.size(), momentum=args.momentum, weight_decay=args.wd)
compression = hvd.Compression.fp16 if args.fp16_allreduce else hvd.Compression.none
optimizer = hvd.DistributedOptimizer(optimizer, named_parameters=model.named_parameters(), compression=compression)
hvd.broadcast_parameters(model.state_dict(), root_rank=0)

for epoch in range(args.epochs):
    for data, target in train_loader:
        optimizer.zero_grad()
        loss = F.cross_entropy(model(data.cuda()), target.cuda())
        loss.backward()
        optimizer.step()
