import time

import dgl
import dgl.nn as dglnn
import torch
import torch.distributed as dist
import torch.multiprocessing as mp
import torch.nn as nn
import torch.nn.functional as F
from ogb.nodeproppred import DglNodePropPredDataset


class SAGE(nn.Module):
    def __init__(self, in_size, hid_size, out_size):
        super().__init__()
        self.layers = nn.ModuleList([
            dglnn.SAGEConv(in_size, hid_size, "mean"),
            dglnn.SAGEConv(hid_size, hid_size, "mean"),
            dglnn.SAGEConv(hid_size, out_size, "mean"),
        ])
        self.dropout = nn.Dropout(0.5)

    def forward(self, blocks, x):
        h = x
        for i, (layer, block) in enumerate(zip(self.layers, blocks)):
            h = layer(block, h)
            if i != len(self.layers) - 1:
                h = self.dropout(F.relu(h))
        return h


def run(rank, world_size, graph, num_classes, split):
    torch.cuda.set_device(rank)
    dist.init_process_group("nccl", "tcp://127.0.0.1:12355", world_size=world_size, rank=rank)
    model = SAGE(graph.ndata["feat"].shape[1], 256, num_classes).cuda()
    model = nn.parallel.DistributedDataParallel(model, device_ids=[rank], output_device=rank)
    opt = torch.optim.Adam(model.parameters(), lr=0.003, weight_decay=5e-4)
    sampler = dgl.dataloading.NeighborSampler([15, 10, 5])
    loader = dgl.dataloading.DataLoader(graph, split["train"].to("cuda"), sampler, device="cuda",
                                        batch_size=2048, shuffle=True, use_ddp=True, use_uva=True)
    for epoch in range(20):
        t0 = time.time()
        for it, (inp, out, blocks) in enumerate(loader):
            y_hat = model(blocks, blocks[0].srcdata["feat"])
            loss = F.cross_entropy(y_hat, blocks[-1].dstdata["label"][:, 0])
            opt.zero_grad()
            loss.backward()
            opt.step()
        if rank == 0:
            print(epoch, time.time() - t0)


if __name__ == "__main__":
    dataset = DglNodePropPredDataset("ogbn-products")
    graph, labels = dataset[0]
    graph.ndata["label"] = labels
    graph.create_formats_()
    split = dataset.get_idx_split()
    n_procs = torch.cuda.device_count()
    mp.spawn(run, args=(n_procs, graph, dataset.num_classes, split), nprocs=n_procs)
