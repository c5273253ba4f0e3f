"""Masked diffusion language models: train, evaluate or sample, as the composed config's mode says."""
import os

import hydra
import lightning as L
import omegaconf
import torch

import dataloader
import diffusion

omegaconf.OmegaConf.register_new_resolver('cwd', os.getcwd)
omegaconf.OmegaConf.register_new_resolver('device_count', torch.cuda.device_count)
omegaconf.OmegaConf.register_new_resolver('eval', eval)
omegaconf.OmegaConf.register_new_resolver('div_up', lambda x, y: (x + y - 1) // y)


def _train(config, logger, tokenizer):
    callbacks = []
    if 'callbacks' in config:
        for _, callback in config.callbacks.items():
            callbacks.append(hydra.utils.instantiate(callback))
    train_ds, valid_ds = dataloader.get_dataloaders(config, tokenizer)
    model = diffusion.Diffusion(config, tokenizer=valid_ds.tokenizer)
    trainer = hydra.utils.instantiate(
        config.trainer,
        default_root_dir=os.getcwd(),
        callbacks=callbacks,
        strategy=hydra.utils.instantiate(config.strategy),
        logger=logger)
    trainer.fit(model, train_ds, valid_ds)


@hydra.main(version_base=None, config_path='configs', config_name='config')
def main(config):
    L.seed_everything(config.seed)
    tokenizer = dataloader.get_tokenizer(config)
    if config.mode == 'train':
        _train(config, None, tokenizer)


if __name__ == '__main__':
    main()
