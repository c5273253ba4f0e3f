#!/bin/bash
# driver script: reads the account from settings.csv and submits a step (the shell expands $acc here)
acc=$(awk -F, '$1=="account"{print $2}' settings.csv)
part=short-serial
pre_B_m=20G
pre_B_t=01:00:00
pre_B_c=4
sbatch --wait --account=$acc --partition=$part --mem=$pre_B_m --time=$pre_B_t --cpus-per-task=$pre_B_c --ntasks=1 job_pre_B.sh
