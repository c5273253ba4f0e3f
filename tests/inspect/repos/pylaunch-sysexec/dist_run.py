# dist_run.py - one process per visible GPU: python dist_run.py [train.py's options]
import subprocess
import sys

import torch

if __name__ == "__main__":
    cmd = [sys.executable, "-m", "torch.distributed.run", "--standalone",
           f"--nproc_per_node={torch.cuda.device_count()}", "train.py"] + sys.argv[1:]
    subprocess.check_call(cmd)
