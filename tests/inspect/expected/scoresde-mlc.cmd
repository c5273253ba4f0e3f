python main.py --config configs/ve/cifar10_ncsnpp_continuous.py --workdir /scratch/ncsnpp --mode train --config.training.batch_size=64
