"""LLaMA configurations by name (fixture)."""
import flax.linen as nn


class LLaMAConfigurator:
    @staticmethod
    def finalize_config(config):
        return config


class FlaxLLaMAForCausalLMModule(nn.Module):
    pass
