"""The `trl` command: `trl sft ARGS` runs trl/scripts/sft.py under accelerate launch."""
import os
import subprocess
import sys


def main():
    command = sys.argv[1]
    script = os.path.join(os.path.dirname(__file__), "scripts", f"{command}.py")
    subprocess.run(["accelerate", "launch", script] + sys.argv[2:], check=True)
