import torch


def train_one_epoch(model, loader, optimizer, device, epoch, loss_scaler):
    for videos, mask in loader:
        with torch.cuda.amp.autocast():
            loss = model(videos.to(device), mask).mean()
