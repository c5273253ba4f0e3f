python examples/nodeproppred/arxiv/gnn.py --runs 1 --epochs 200
