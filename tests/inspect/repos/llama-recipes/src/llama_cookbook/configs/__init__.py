# Settings dataclasses (fixture).
from llama_cookbook.configs.training import train_config
from llama_cookbook.configs.fsdp import fsdp_config
