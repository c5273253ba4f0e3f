"""ImageNet-style classifier on CIFAR-100 as a Sacred experiment."""
import torch
import torch.nn.functional as F
from sacred import Experiment
from sacred.observers import FileStorageObserver
from torch.utils.data import DataLoader
from torchvision import datasets, models, transforms

ex = Experiment("cifar100")
ex.observers.append(FileStorageObserver("runs"))


@ex.config
def config():
    arch = "resnet18"  # any torchvision model name
    lr = 0.1
    batch_size = 128
    epochs = 90
    weight_decay = 5e-4
    data_root = "./data"
    amp = False


@ex.named_config
def long_schedule():
    epochs = 300
    lr = 0.05


@ex.capture
def build_loader(data_root, batch_size):
    tf = transforms.Compose([transforms.RandomCrop(32, padding=4), transforms.ToTensor()])
    train = datasets.CIFAR100(root=data_root, train=True, download=True, transform=tf)
    return DataLoader(train, batch_size=batch_size, shuffle=True, num_workers=4)


@ex.automain
def main(arch, lr, epochs, weight_decay, amp, _run):
    model = models.__dict__[arch](num_classes=100).cuda()
    opt = torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9, weight_decay=weight_decay)
    scaler = torch.cuda.amp.GradScaler(enabled=amp)
    loader = build_loader()
    for epoch in range(epochs):
        for x, y in loader:
            with torch.cuda.amp.autocast(enabled=amp):
                loss = F.cross_entropy(model(x.cuda()), y.cuda())
            opt.zero_grad()
            scaler.scale(loss).backward()
            scaler.step(opt)
            scaler.update()
        _run.log_scalar("loss", loss.item(), epoch)
