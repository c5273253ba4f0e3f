import torch
from torch.nn.parallel import DistributedDataParallel


def training_loop(outdir, data, batch=512, lr=10e-4, fp16=False, **kwargs):
    net = torch.nn.Linear(8, 8).cuda()
    ddp = DistributedDataParallel(net, device_ids=[0])
    optimizer = torch.optim.Adam(ddp.parameters(), lr=lr)
    loss = ddp(torch.zeros(batch, 8).cuda()).sum()
    loss.backward()
    optimizer.step()
