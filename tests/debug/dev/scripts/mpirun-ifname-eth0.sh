#!/bin/bash
export NCCL_SOCKET_IFNAME=eth0
export MASTER_ADDR=10.0.0.1
export MASTER_PORT=29500
python trainer.py --dist-url "tcp://$MASTER_ADDR:$MASTER_PORT" --multiprocessing-distributed
