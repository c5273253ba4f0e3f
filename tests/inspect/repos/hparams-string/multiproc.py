# multiproc.py - start train.py once per visible GPU with --rank and --n_gpus
import subprocess
import sys
import time

import torch

argslist = list(sys.argv)[1:]
num_gpus = torch.cuda.device_count()
argslist.append("--n_gpus={}".format(num_gpus))
workers = []
for i in range(num_gpus):
    argslist.append("--rank={}".format(i))
    stdout = None if i == 0 else open("logs/{}_GPU_{}.log".format(time.strftime("%Y_%m_%d-%H%M%S"), i), "w")
    workers.append(subprocess.Popen([str(sys.executable)] + argslist, stdout=stdout))
    argslist = argslist[:-1]
for p in workers:
    p.wait()
