export LR=4e-4
export BS=48
export STEPS=15000
export NGPU=8
