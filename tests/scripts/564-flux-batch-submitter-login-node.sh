#!/bin/bash
# family: a login-node driver that queues Flux batch jobs (flux batch ... SCRIPT), one per learning
# rate: it runs no program itself; each queued script is the job to port
set -euo pipefail
for lr in 1e-4 3e-4 1e-3; do
    flux batch -N 2 -t 2h -q pbatch --job-name="sweep-$lr" --env=LR=$lr train_sweep.flux
done
flux jobs
