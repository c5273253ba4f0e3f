# utils.py - turn '--a.b value' words into a nested dict; dump a config
import yaml


def parse_with_yaml(config_str):
    try:
        if "{" in config_str and "}" in config_str and ":" not in config_str:
            config_str = config_str.replace(":", ": ")
        return yaml.safe_load(config_str)
    except ValueError:
        return config_str


def parse_unknown_args(unknown):
    """Parse unknown args."""
    index = 0
    parsed_dict = {}
    while index < len(unknown):
        key, val = unknown[index], unknown[index + 1]
        index += 2
        if not key.startswith("--"):
            continue
        key = key[2:]

        # try parsing with either dot notation or full yaml notation
        # Note that the vanilla case "--key value" will be parsed the same
        if "." in key:
            # key == a.b.c, val == val --> parsed_dict[a][b][c] = val
            keys = key.split(".")
            dict_to_update = parsed_dict
            for key in keys[:-1]:
                if not (key in dict_to_update and isinstance(dict_to_update[key], dict)):
                    dict_to_update[key] = {}
                dict_to_update = dict_to_update[key]
            dict_to_update[keys[-1]] = parse_with_yaml(val)
        else:
            parsed_dict[key] = parse_with_yaml(val)
    return parsed_dict


def partial_update_config(config, partial_config):
    for key in partial_config:
        if key in config and isinstance(partial_config[key], dict) and isinstance(config[key], dict):
            partial_update_config(config[key], partial_config[key])
        else:
            config[key] = partial_config[key]
    return config


def load_config(filename):
    with open(filename) as f:
        return yaml.safe_load(f)


def dump_config(config, filename):
    with open(filename, "w") as f:
        yaml.dump(config, f, sort_keys=False)
