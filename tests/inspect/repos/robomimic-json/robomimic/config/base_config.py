# The settings tree shared by every algorithm, and the registry of algorithm configs by name.
REGISTERED_CONFIGS = {}


def config_factory(algo_name, dic=None):
    if algo_name not in REGISTERED_CONFIGS:
        raise Exception("Config for algo name {} not found.".format(algo_name))
    return REGISTERED_CONFIGS[algo_name](dict_to_load=dic)


class BaseConfig(object):
    def __init__(self, dict_to_load=None):
        self.experiment_config()
        self.train_config()
        self.algo_config()

    def experiment_config(self):
        self.experiment.name = "test"
        self.experiment.validate = False
        self.experiment.rollout.enabled = True
        self.experiment.rollout.n = 50

    def train_config(self):
        self.train.data = None
        self.train.output_dir = "../trained_models"
        self.train.num_data_workers = 0
        self.train.hdf5_cache_mode = "all"
        self.train.seq_length = 1
        self.train.cuda = True
        self.train.batch_size = 100
        self.train.num_epochs = 2000
        self.train.seed = 1

    def algo_config(self):
        pass
