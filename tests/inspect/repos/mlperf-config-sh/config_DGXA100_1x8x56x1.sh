## DL params
export BATCHSIZE=56
export GRADIENT_STEPS=1
export LR=3.5e-4
export MAX_STEPS=7100
export WARMUP_PROPORTION=0.0
export OPT_LAMB_BETA_1=0.9
export EXTRA_PARAMS="--dense_seq_output --unpad --fused_gelu_bias"
export PHASE=2

## System run params
export DGXNNODES=1
export DGXSYSTEM=$(basename $(readlink -f ${BASH_SOURCE[0]}) | sed 's/^config_//' | sed 's/\.sh$//')
export WALLTIME=01:15:00

## System config params
export DGXNGPU=8
export DGXSOCKETCORES=64
export DGXNSOCKET=2
