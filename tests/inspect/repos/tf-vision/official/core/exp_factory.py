# Registry of experiment configurations by name.
_REGISTERED = {}


def get_exp_config(name):
    return _REGISTERED[name]
