python tools/run_net.py --cfg configs/k400/r50.yaml --opts DATA.PATH_TO_DATA_DIR /data/kinetics400 NUM_GPUS 2 TRAIN.BATCH_SIZE 16 OUTPUT_DIR /scratch/run1
