# Algorithms by name.
def algo_factory(algo_name, config, obs_key_shapes, ac_dim, device):
    return None
