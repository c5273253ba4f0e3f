import argparse

import torch
import torch.nn.functional as F
from ogb.nodeproppred import Evaluator, PygNodePropPredDataset
from torch_geometric.nn import SAGEConv


class SAGE(torch.nn.Module):
    def __init__(self, in_channels, hidden_channels, out_channels, num_layers):
        super().__init__()
        self.convs = torch.nn.ModuleList([SAGEConv(in_channels, hidden_channels)])
        for _ in range(num_layers - 2):
            self.convs.append(SAGEConv(hidden_channels, hidden_channels))
        self.convs.append(SAGEConv(hidden_channels, out_channels))

    def forward(self, x, adj_t):
        for conv in self.convs[:-1]:
            x = F.relu(conv(x, adj_t))
        return self.convs[-1](x, adj_t).log_softmax(dim=-1)


def main():
    parser = argparse.ArgumentParser(description='OGBN-Arxiv (GNN)')
    parser.add_argument('--num_layers', type=int, default=3)
    parser.add_argument('--hidden_channels', type=int, default=256)
    parser.add_argument('--epochs', type=int, default=500)
    parser.add_argument('--runs', type=int, default=10)
    args = parser.parse_args()

    dataset = PygNodePropPredDataset(name='ogbn-arxiv', root='dataset/')
    data = dataset[0]
    model = SAGE(data.num_features, args.hidden_channels, dataset.num_classes, args.num_layers).cuda()
    evaluator = Evaluator(name='ogbn-arxiv')
    for run in range(args.runs):
        optimizer = torch.optim.Adam(model.parameters(), lr=0.01)
        for epoch in range(1, 1 + args.epochs):
            optimizer.zero_grad()
            out = model(data.x, data.adj_t)
            loss = F.nll_loss(out, data.y.squeeze(1))
            loss.backward()
            optimizer.step()


if __name__ == "__main__":
    main()
