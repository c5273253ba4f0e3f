python -m fastai.launch train_imagewoof.py --epochs 20 --lr 8e-3 --fp16
