#!/bin/bash
export ZE_AFFINITY_MASK=$PMI_LOCAL_RANK
mpirun -n 4 python bench.py
