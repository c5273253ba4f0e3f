python main.py --mode train --config-yml configs/s2ef/2M/schnet/schnet.yml --optim.batch_size=4
