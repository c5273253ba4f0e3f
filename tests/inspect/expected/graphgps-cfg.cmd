python main.py --cfg configs/GPS/zinc-GPS+RWSE.yaml  wandb.use False
