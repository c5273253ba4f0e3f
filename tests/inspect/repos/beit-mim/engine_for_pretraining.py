import torch


def train_one_epoch(model, loader, optimizer, device, epoch, loss_scaler, max_norm=0):
    for samples, images, bool_masked_pos in loader:
        with torch.cuda.amp.autocast():
            outputs = model(samples.to(device), bool_masked_pos=bool_masked_pos)
            loss = outputs.mean()
        optimizer.zero_grad()
        loss_scaler._scaler.scale(loss).backward()
