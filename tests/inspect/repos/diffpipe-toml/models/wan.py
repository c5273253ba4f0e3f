class WanPipeline:
    def __init__(self, config):
        self.config = config
        self.model_config = config["model"]
