import os

import torch
from torch.utils.data import DataLoader

from data import make_dataset
from settings import load_settings

cfg = load_settings(os.environ.get("RUN_CONFIG", "run.toml"))
model = torch.nn.Linear(128, 10).cuda()
opt = torch.optim.SGD(model.parameters(), lr=0.1)
scaler = torch.cuda.amp.GradScaler(enabled=cfg.mixed)
for x, y in DataLoader(make_dataset(), batch_size=64):
    with torch.cuda.amp.autocast(enabled=cfg.mixed):
        loss = torch.nn.functional.cross_entropy(model(x.cuda()), y.cuda())
    scaler.scale(loss).backward()
    scaler.step(opt)
    scaler.update()
