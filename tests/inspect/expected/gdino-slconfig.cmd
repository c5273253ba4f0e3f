bash train_dist.sh 8 config/cfg_odvg.py config/datasets_mixed_odvg.json ./logs
