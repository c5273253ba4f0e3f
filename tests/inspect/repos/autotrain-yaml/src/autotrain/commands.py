"""The accelerate command line that runs a trainer module over the saved parameters."""
import os

import torch


def launch_command(params):
    num_gpus = torch.cuda.device_count()
    cmd = ["accelerate", "launch", "--multi_gpu", "--num_machines", "1", "--num_processes", str(num_gpus),
           "--mixed_precision", params.mixed_precision]
    cmd += ["-m", "autotrain.trainers.clm", "--training_config",
            os.path.join(params.project_name, "training_params.json")]
    return cmd
