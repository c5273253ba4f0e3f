#!/bin/bash
export NCCL_SOCKET_IFNAME=^lo,docker,veth,eni
export GLOO_SOCKET_IFNAME=^lo,docker,veth,eni
vllm serve /models/nemotron --tensor-parallel-size 8 --pipeline-parallel-size 2
