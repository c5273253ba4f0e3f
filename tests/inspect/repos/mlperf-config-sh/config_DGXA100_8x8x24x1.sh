## DL params
export BATCHSIZE=24
export GRADIENT_STEPS=1
export LR=0.002
export MAX_STEPS=1141
export WARMUP_PROPORTION=0.0
export EXTRA_PARAMS="--dense_seq_output --unpad"
export PHASE=2

## System run params
export DGXNNODES=8
export WALLTIME=00:30:00

## System config params
export DGXNGPU=8
