#!/bin/bash
# family: a chain submitter run on the login node: it trains nothing itself, it queues the same job
# script several times, each segment after the one before (sbatch --parsable --dependency=afterany:ID)
segments=4
jid=$(sbatch --parsable train_segment.sbatch)
for ((k = 1; k < segments; k++)); do
    jid=$(sbatch --parsable --dependency=afterany:${jid} train_segment.sbatch)
    echo "segment $k queued as $jid"
done
