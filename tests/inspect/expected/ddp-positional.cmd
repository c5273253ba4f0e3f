torchrun --standalone --nproc_per_node=gpu multigpu_torchrun.py 50 10
