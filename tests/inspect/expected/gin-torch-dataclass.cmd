torchrun --nproc_per_node 4 train.py --gin_file configs/base.gin --gin_file configs/small.gin --gin_bindings 'TrainConfig.lr = 3e-4' --gin_bindings "TrainConfig.data_root = '/scratch/owt'"
