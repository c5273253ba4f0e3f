# train_first.py - first-stage (acoustic pre-training) loop: click option for the YAML, config.get defaults
import os
import os.path as osp
import time

import click
import torch
import yaml
from accelerate import Accelerator
from accelerate.utils import LoggerType
from accelerate import DistributedDataParallelKwargs
from munch import Munch

from meldataset import build_dataloader
from models import build_model, load_ASR_models, load_F0_models
from optimizers import build_optimizer
from utils import get_data_path_list, length_to_mask


@click.command()
@click.option('-p', '--config_path', default='Configs/config.yml', type=str)
def main(config_path):
    config = yaml.safe_load(open(config_path))

    log_dir = config['log_dir']
    if not osp.exists(log_dir):
        os.makedirs(log_dir, exist_ok=True)
    ddp_kwargs = DistributedDataParallelKwargs(find_unused_parameters=True)
    accelerator = Accelerator(project_dir=log_dir, split_batches=True, kwargs_handlers=[ddp_kwargs])

    batch_size = config.get('batch_size', 10)
    device = accelerator.device

    epochs = config.get('epochs_1st', 200)
    save_freq = config.get('save_freq', 2)
    log_interval = config.get('log_interval', 10)
    data_params = config.get('data_params', None)
    sr = config['preprocess_params'].get('sr', 24000)
    train_path = data_params['train_data']
    val_path = data_params['val_data']
    root_path = data_params['root_path']
    min_length = data_params['min_length']
    OOD_data = data_params['OOD_data']

    max_len = config.get('max_len', 200)

    train_list, val_list = get_data_path_list(train_path, val_path)

    train_dataloader = build_dataloader(train_list, root_path, OOD_data=OOD_data, min_length=min_length,
                                        batch_size=batch_size, num_workers=2, dataset_config={}, device=device)

    with accelerator.main_process_first():
        text_aligner = load_ASR_models(config.get('ASR_path', False), config.get('ASR_config', False))
        pitch_extractor = load_F0_models(config.get('F0_path', False))

    model_params = Munch(config['model_params'])
    model = build_model(model_params, text_aligner, pitch_extractor)

    optimizer_params = Munch(config['optimizer_params'])
    scheduler_params = {
        "max_lr": float(config['optimizer_params'].get('lr', 1e-4)),
        "pct_start": float(config['optimizer_params'].get('pct_start', 0.0)),
        "epochs": epochs,
        "steps_per_epoch": len(train_dataloader),
    }
    optimizer = build_optimizer({key: model[key].parameters() for key in model},
                                scheduler_params_dict={key: scheduler_params.copy() for key in model},
                                lr=optimizer_params.lr)

    for k in model:
        model[k] = accelerator.prepare(model[k])
    train_dataloader = accelerator.prepare(train_dataloader)

    for epoch in range(epochs):
        for i, batch in enumerate(train_dataloader):
            optimizer.zero_grad()
            loss = model.decoder(batch)
            accelerator.backward(loss)
            optimizer.step()
            if (i + 1) % log_interval == 0 and accelerator.is_main_process:
                print('Epoch [%d/%d], Step [%d/%d], Mel Loss: %.5f' % (epoch + 1, epochs, i + 1, len(train_list) // batch_size, loss))


if __name__ == "__main__":
    main()
