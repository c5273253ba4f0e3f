#!/bin/bash
# family: the PBS twin: prepare, then train, then evaluate, each queued when the one before ended well
# (qsub -W depend=afterok:ID), from the login node
PREP=$(qsub prep_data.pbs)
TRAIN=$(qsub -W depend=afterok:$PREP train_gnn.pbs)
qsub -W depend=afterok:$TRAIN eval_gnn.pbs
