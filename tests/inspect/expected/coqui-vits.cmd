python -m trainer.distribute --gpus "0,1,2,3" --script recipes/vctk/vits/train_vits.py
