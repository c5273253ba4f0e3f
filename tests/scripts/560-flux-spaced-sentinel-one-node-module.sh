#!/bin/bash
# family: the Flux sentinel written with a space and upper case ('# FLUX:'), several options on one
# line with attached values (-N1 -n4 -g1), a python -m entry on one node
# FLUX: -N1 -n4 -g1 -c 24
# FLUX: -t 45m -q pdebug

cd /p/lustre1/$USER/seg
flux run -n4 -g1 -c24 python -m segtrain.main --data /p/lustre1/$USER/ade20k --amp
