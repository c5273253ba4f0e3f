python -u main_informer.py --model informer --model_id ETTh1_48_24 --data ETTh1 --root_path ./data/ETT/ --seq_len 48 --d_model 512 --train_epochs 6
