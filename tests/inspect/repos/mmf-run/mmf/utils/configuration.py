import os

from omegaconf import OmegaConf


def get_mmf_root():
    return os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def load_yaml(f):
    mapping = OmegaConf.load(f)
    includes = mapping.get("includes", [])
    include_mapping = OmegaConf.create()
    for include in includes:
        include = os.path.join(os.path.dirname(f), include)
        include_mapping = OmegaConf.merge(include_mapping, load_yaml(include))
    mapping.pop("includes", None)
    return OmegaConf.merge(include_mapping, mapping)


class Configuration:
    def __init__(self, args=None, default_only=False):
        self.config = {}
        self.args = args
        default_config = self._build_default_config()
        user_config = self._build_user_config(args.opts)
        self._default_config = default_config
        self._user_config = user_config
        self.config = OmegaConf.merge(default_config, user_config)
        self.config = self._merge_with_dotlist(self.config, args.opts)

    def _build_default_config(self):
        self.default_config_path = os.path.join(get_mmf_root(), "configs", "defaults.yaml")
        return load_yaml(self.default_config_path)

    def _build_user_config(self, opts):
        # the config named by config=... among the options, with the model's and
        # the dataset's defaults (configs/models/<model>/defaults.yaml,
        # configs/datasets/<dataset>/defaults.yaml) under it
        opts_config = OmegaConf.from_dotlist(opts)
        user_config = OmegaConf.create()
        model = opts_config.get("model")
        dataset = opts_config.get("dataset", opts_config.get("datasets"))
        if model:
            user_config = OmegaConf.merge(user_config, load_yaml(os.path.join(get_mmf_root(), "configs", "models", model, "defaults.yaml")))
        if dataset:
            user_config = OmegaConf.merge(user_config, load_yaml(os.path.join(get_mmf_root(), "configs", "datasets", dataset, "defaults.yaml")))
        if opts_config.get("config"):
            user_config = OmegaConf.merge(user_config, load_yaml(opts_config.config))
        return user_config

    def _merge_with_dotlist(self, config, opts):
        return OmegaConf.merge(config, OmegaConf.from_dotlist([o for o in opts if not o.startswith("config=")]))

    def get_config(self):
        return self.config
