"""xtuner MODE ARGS: `xtuner train CONFIG` runs xtuner/tools/train.py (through torchrun when NPROC_PER_NODE is set)."""
import os
import subprocess
import sys

from xtuner.tools import train

MODES = ('train', 'list-cfg', 'chat')


def cli():
    args = sys.argv[1:]
    mode = args[0]
    if mode == 'train':
        nproc = os.environ.get('NPROC_PER_NODE')
        if nproc:
            cmd = ['torchrun', f'--nproc_per_node={nproc}', train.__file__] + args[1:] + ['--launcher', 'pytorch']
        else:
            cmd = ['python', train.__file__] + args[1:]
        sys.exit(subprocess.run(cmd).returncode)
