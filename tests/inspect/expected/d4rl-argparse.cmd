python train_offline.py --env_name antmaze-umaze-v0 --temperature 10.0
