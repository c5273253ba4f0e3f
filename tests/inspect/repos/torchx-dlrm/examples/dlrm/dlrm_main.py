import argparse
import os

import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel as DDP


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description="torchrec dlrm example trainer")
    parser.add_argument("--epochs", type=int, default=1, help="number of epochs to train")
    parser.add_argument("--batch_size", type=int, default=32, help="batch size to use for training")
    parser.add_argument("--num_embeddings", type=int, default=100_000, help="max_ind_size")
    parser.add_argument("--embedding_dim", type=int, default=64, help="Size of each embedding.")
    parser.add_argument("--dense_arch_layer_sizes", type=str, default="512,256,64", help="Comma separated layer sizes for dense arch.")
    parser.add_argument("--over_arch_layer_sizes", type=str, default="512,512,256,1", help="Comma separated layer sizes for over arch.")
    parser.add_argument("--learning_rate", type=float, default=15.0, help="Learning rate.")
    parser.add_argument("--in_memory_binary_criteo_path", type=str, default=None, help="Directory path containing the Criteo dataset npy files.")
    return parser.parse_args(argv)


def main():
    args = parse_args()
    dist.init_process_group(backend="nccl")
    model = DDP(torch.nn.EmbeddingBag(args.num_embeddings, args.embedding_dim).cuda())
    opt = torch.optim.SGD(model.parameters(), lr=args.learning_rate)
    for epoch in range(args.epochs):
        loss = model(torch.zeros(args.batch_size, 1, dtype=torch.long).cuda()).sum()
        loss.backward()
        opt.step()


if __name__ == "__main__":
    main()
