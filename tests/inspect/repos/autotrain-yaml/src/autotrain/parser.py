"""Reads a job YAML: task, base_model, data and params sections, then starts the trainer."""
from dataclasses import dataclass

import yaml

from autotrain.commands import launch_command
from autotrain.trainers.clm.params import LLMTrainingParams


@dataclass
class AutoTrainConfigParser:
    config_path: str

    def __post_init__(self):
        with open(self.config_path, "r") as f:
            self.config = yaml.safe_load(f)
        self.task = self.config["task"]

    def _parse_params(self):
        params = self.config["params"]
        params["model"] = self.config["base_model"]
        params["data_path"] = self.config["data"]["path"]
        params["train_split"] = self.config["data"]["train_split"]
        params["project_name"] = self.config["project_name"]
        return LLMTrainingParams(**params)

    def run(self):
        params = self._parse_params()
        cmd = launch_command(params)
        import subprocess
        subprocess.Popen(cmd).wait()
