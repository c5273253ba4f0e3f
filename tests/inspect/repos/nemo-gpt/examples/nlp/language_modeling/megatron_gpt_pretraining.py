# Fixture (NeMo look-alike): a Hydra main whose config_path is relative to the script, a Lightning
# trainer built from cfg.trainer, a Megatron GPT model built from cfg.model.
from lightning.pytorch import Trainer
from omegaconf import OmegaConf

from nemo.collections.nlp.models.language_modeling.megatron_gpt_model import MegatronGPTModel
from nemo.core.config import hydra_runner
from nemo.collections.nlp.parts.nlp_overrides import NLPDDPStrategy


@hydra_runner(config_path="conf", config_name="megatron_gpt_config")
def main(cfg) -> None:
    trainer = Trainer(strategy=NLPDDPStrategy(), **cfg.trainer)
    model = MegatronGPTModel(cfg.model, trainer)
    trainer.fit(model)


if __name__ == "__main__":
    main()
