import torch


def train_one_epoch(model, criterion, data_loader, optimizer, device, epoch, max_norm=0, scaler=None, amp=False):
    for samples, targets in data_loader:
        with torch.cuda.amp.autocast(enabled=amp):
            outputs = model(samples.to(device))
