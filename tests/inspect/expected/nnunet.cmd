nnUNetv2_train 4 3d_fullres 0 -num_gpus 2
