class Dataset:
    def __init__(self, dataset_config, model):
        self.directories = [d["path"] for d in dataset_config["directory"]]
