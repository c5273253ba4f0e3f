cd egs/librispeech/ASR && ./zipformer/train.py --world-size 4 --num-epochs 30 --start-epoch 1 --use-fp16 1 --exp-dir zipformer/exp --max-duration 1000
