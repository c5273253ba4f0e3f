import torch


def train_one_epoch(model, data_loader, epoch):
    for samples, targets in data_loader:
        with torch.cuda.amp.autocast():
            outputs = model(samples)
