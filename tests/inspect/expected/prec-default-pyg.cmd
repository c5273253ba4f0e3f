python examples/gcn.py --dataset PubMed --epochs 300
