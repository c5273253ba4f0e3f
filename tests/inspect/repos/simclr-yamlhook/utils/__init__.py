from .yaml_config_hook import yaml_config_hook
