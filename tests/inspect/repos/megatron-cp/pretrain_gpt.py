# Pre-trains a GPT-style model; every setting is a Megatron command-line flag (own fixture).
from megatron.training import pretrain
from megatron.training.arguments import core_transformer_config_from_args


def model_provider(pre_process=True, post_process=True):
    from megatron.core.models.gpt import GPTModel
    return GPTModel


if __name__ == "__main__":
    pretrain(None, model_provider, None, None)
