import torch


def train_one_epoch(model, data_loader, optimizer, device, epoch, loss_scaler, args=None):
    for samples, _ in data_loader:
        with torch.cuda.amp.autocast(enabled=args.use_amp):
            loss, _, _ = model(samples.to(device), mask_ratio=args.mask_ratio)
