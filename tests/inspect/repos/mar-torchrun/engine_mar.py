"""One epoch of masked autoregressive training with the diffusion loss."""
import torch


def train_one_epoch(model, vae, model_without_ddp, data_loader, optimizer, device, epoch, loss_scaler, args=None):
    model.train(True)
    for samples, labels in data_loader:
        with torch.no_grad():
            x = vae.encode(samples.to(device)).sample().mul_(0.2325)
        with torch.cuda.amp.autocast():
            loss = model(x, labels)
        loss_scaler(loss, optimizer, clip_grad=args.grad_clip, parameters=model.parameters(), update_grad=True)
        optimizer.zero_grad()
