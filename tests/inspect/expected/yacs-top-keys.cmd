./tools/run_net.py --cfg configs/regnetx/regnetx_400mf_8gpu.yaml OUT_DIR /scratch/regnet NUM_GPUS 4 TRAIN.BATCH_SIZE 512 RNG_SEED 7
