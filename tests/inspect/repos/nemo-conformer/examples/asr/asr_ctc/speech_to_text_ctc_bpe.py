# Fixture (NeMo look-alike): CTC speech recognition with a subword tokenizer; the config is picked on
# the command line (--config-path relative to this script, --config-name), the trainer from cfg.trainer.
import lightning.pytorch as pl
from omegaconf import OmegaConf

from nemo.collections.asr.models.ctc_bpe_models import EncDecCTCModelBPE
from nemo.core.config import hydra_runner


@hydra_runner(config_path="../conf/citrinet/", config_name="config_bpe")
def main(cfg):
    print(OmegaConf.to_yaml(cfg))
    trainer = pl.Trainer(**cfg.trainer)
    asr_model = EncDecCTCModelBPE(cfg=cfg.model, trainer=trainer)
    trainer.fit(asr_model)


if __name__ == "__main__":
    main()
