#!/bin/bash
# family: Flux script that runs a data step with flux run and the training with flux mini run (older Flux spelling)
#flux: --nodes=2
#flux: --exclusive
#flux: --time-limit=2h
flux run -n 1 python prepare_data.py --out data/
flux mini run -N 2 -n 8 -g 1 python -m trainer.main --config cfg.yaml
