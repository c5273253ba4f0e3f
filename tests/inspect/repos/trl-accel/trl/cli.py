# `trl COMMAND`: runs trl/scripts/COMMAND.py under `accelerate launch`; --accelerate_config names a
# file in trl/accelerate_configs/ (zero2 -> zero2.yaml) or a path (own fixture).
import os
import subprocess
import sys


def main():
    command = sys.argv[1]
    args = sys.argv[2:]
    launch = ["accelerate", "launch"]
    if "--accelerate_config" in args:
        i = args.index("--accelerate_config")
        name = args[i + 1]
        del args[i:i + 2]
        path = os.path.join(os.path.dirname(__file__), "accelerate_configs", name + ".yaml")
        launch += ["--config_file", path if os.path.exists(path) else name]
    script = os.path.join(os.path.dirname(__file__), "scripts", command + ".py")
    subprocess.run(launch + [script] + args, check=True)
