from .config import cfg, cfg_from_list, cfg_from_yaml_file, log_config_to_file
