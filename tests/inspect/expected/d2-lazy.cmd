python tools/lazyconfig_train_net.py --config-file configs/new_baselines/mask_rcnn_R_50_FPN_100ep_LSJ.py --num-gpus 8 train.max_iter=1000 dataloader.train.total_batch_size=16
