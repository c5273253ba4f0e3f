def create_dataset(name, config):
    return config["train_file"]


def create_sampler(datasets, shuffles, num_tasks, global_rank):
    return [None]


def create_loader(datasets, samplers, batch_size, num_workers):
    return [datasets]
