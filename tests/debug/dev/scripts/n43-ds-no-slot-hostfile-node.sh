#!/bin/bash
echo "gn001 slots=4" > hostfile
echo "gn002 slots=4" >> hostfile
deepspeed --hostfile hostfile --include gn002:4,5,6,7 pretrain.py --deepspeed_config ds.json
