cd examples/pytorch/graphsage && python3 multi_gpu_node_classification.py
