def train_one_epoch(model, loader, optimizer, device, epoch, loss_scaler, amp_autocast):
    for samples, targets in loader:
        with amp_autocast():
            loss = model(samples.to(device)).mean()
