python main.py --fname configs/in1k_vitb16_ep100.yaml --devices cuda:0 cuda:1
