python run_nerf.py --config configs/lego.txt --lrate 1e-3
