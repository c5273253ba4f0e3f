"""Supervised fine-tuning of a Megatron GPT .nemo checkpoint (NeMo-Aligner)."""
from nemo.core.config import hydra_runner
from nemo.utils import logging
from nemo.utils.exp_manager import exp_manager
from omegaconf.omegaconf import OmegaConf

from nemo_aligner.algorithms.supervised import SupervisedTrainer
from nemo_aligner.data.nlp.builders import build_dataloader, build_sft_dataset
from nemo_aligner.models.nlp.gpt.gpt_sft_model import GPTSFTModel
from nemo_aligner.utils.train_script_utils import init_distributed, resolve_and_create_trainer
from nemo_aligner.utils.utils import load_and_override_model_config, load_from_nemo


@hydra_runner(config_path="conf", config_name="gpt_sft")
def main(cfg) -> None:
    cfg.model = load_and_override_model_config(cfg.model.restore_from_path, cfg.model)
    logging.info(f"\n{OmegaConf.to_yaml(cfg)}")
    trainer = resolve_and_create_trainer(cfg, "sft")
    exp_manager(trainer, cfg.exp_manager)
    ptl_model = load_from_nemo(GPTSFTModel, cfg.model, trainer, strict=True,
                               restore_path=cfg.model.restore_from_path)
    init_distributed(trainer, ptl_model, cfg.model.get("transformer_engine", False))
    train_data_cfg = cfg.model.data.train_ds
    train_ds = build_sft_dataset(train_data_cfg, ptl_model.tokenizer, train_data_cfg.get("num_samples"), is_chat=cfg.model.data.chat)
    train_dataloader = build_dataloader(cfg=cfg, dataset=train_ds, consumed_samples=0,
                                        mbs=train_data_cfg.micro_batch_size, gbs=train_data_cfg.global_batch_size)
    sft_trainer = SupervisedTrainer(cfg=cfg.trainer.sft, model=ptl_model, optimizer=None, scheduler=None,
                                    train_dataloader=train_dataloader, val_dataloader=None, test_dataloader=None,
                                    logger=None, ckpt_callback=None, run_timer=None)
    sft_trainer.fit()


if __name__ == "__main__":
    main()
