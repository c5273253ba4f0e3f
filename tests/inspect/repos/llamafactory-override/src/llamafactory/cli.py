"""llamafactory-cli: train | chat | export | webui"""
import os
import subprocess
import sys

from .train.tuner import run_exp


def main():
    command = sys.argv.pop(1) if len(sys.argv) > 1 else "help"
    if command == "train":
        if os.getenv("FORCE_TORCHRUN", "0").lower() in ("1", "true"):
            nproc = os.getenv("NPROC_PER_NODE", "1")
            process = subprocess.run(
                ["torchrun", "--nproc_per_node", nproc, os.path.join(os.path.dirname(__file__), "launcher.py")]
                + sys.argv[1:]
            )
            sys.exit(process.returncode)
        run_exp()
    else:
        raise NotImplementedError(command)
