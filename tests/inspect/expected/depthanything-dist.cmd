cd metric_depth && bash dist_train.sh
