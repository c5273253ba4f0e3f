python main.py --nodes 2 --nr 0 --gpus 4 --dataset STL10 --batch_size 256
