python tools/train.py mmdet/configs/rtmdet/rtmdet_l_8xb32_300e_coco.py
