# settings for the A100 nodes
export LR=2e-4
export BS=24
export STEPS=30000
export NGPU=4
