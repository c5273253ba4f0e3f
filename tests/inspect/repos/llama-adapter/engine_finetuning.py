import torch


def train_one_epoch(model, loader, optimizer, device, epoch, loss_scaler, args=None):
    for examples, labels in loader:
        with torch.cuda.amp.autocast():
            loss = model(examples.to(device), labels.to(device))
