# checkpoint.py - sharded checkpoints on GCS
def read_ckpt(state, path, shards_in, shards_out=None, load_opt=True):
    return state


def write_ckpt(state, path, shard):
    pass
