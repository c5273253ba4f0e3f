#!/bin/bash
# family: srun --multi-prog - a configuration file written in the job maps task ranks to programs: rank 0
# a parameter server, ranks 1-7 the workers (%t is the task's rank)
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --time=02:00:00
cat > tasks.conf <<CONF
0    python ps_server.py --port 6000
1-7  python worker.py --rank %t --ps \$(hostname):6000
CONF
srun --multi-prog tasks.conf
