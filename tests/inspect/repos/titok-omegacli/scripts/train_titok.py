"""Training script for TiTok."""
import math
import os
from pathlib import Path

from accelerate.utils import set_seed
from accelerate import Accelerator

import torch
from omegaconf import OmegaConf
from utils.logger import setup_logger

from utils.train_utils import (
    get_config, create_pretrained_tokenizer, create_model_and_loss_module,
    create_optimizer, create_lr_scheduler, create_dataloader, train_one_epoch)


def main():
    workspace = os.environ.get('WORKSPACE', '')
    if workspace:
        torch.hub.set_dir(workspace + "/models/hub")

    config = get_config()
    # Enable TF32 on Ampere GPUs.
    if config.training.enable_tf32:
        torch.backends.cuda.matmul.allow_tf32 = True
        torch.backends.cudnn.allow_tf32 = True

    output_dir = config.experiment.output_dir
    os.makedirs(output_dir, exist_ok=True)
    config.experiment.logging_dir = os.path.join(output_dir, "logs")

    accelerator = Accelerator(
        gradient_accumulation_steps=config.training.gradient_accumulation_steps,
        mixed_precision=config.training.mixed_precision,
        log_with="wandb",
        project_dir=config.experiment.logging_dir,
        split_batches=False,
    )

    logger = setup_logger(name="TiTok", log_level="INFO", output_file=f"{output_dir}/log{accelerator.process_index}.txt")

    if config.training.seed is not None:
        set_seed(config.training.seed, device_specific=True)

    model, ema_model, loss_module = create_model_and_loss_module(config, logger, accelerator, model_type="titok")
    optimizer, discriminator_optimizer = create_optimizer(config, logger, model, loss_module)
    lr_scheduler, discriminator_lr_scheduler = create_lr_scheduler(
        config, logger, accelerator, optimizer, discriminator_optimizer)
    train_dataloader, eval_dataloader = create_dataloader(config, logger, accelerator)

    model, loss_module, optimizer, lr_scheduler = accelerator.prepare(model, loss_module, optimizer, lr_scheduler)

    total_batch_size_without_accum = config.training.per_gpu_batch_size * accelerator.num_processes
    num_batches = math.ceil(config.experiment.max_train_examples / total_batch_size_without_accum)
    num_train_epochs = math.ceil(config.training.max_train_steps / num_batches)

    global_step = 0
    for current_epoch in range(num_train_epochs):
        global_step = train_one_epoch(config, logger, accelerator, model, ema_model, loss_module, optimizer,
                                      lr_scheduler, train_dataloader, global_step)
        if global_step >= config.training.max_train_steps:
            break
    accelerator.end_training()


if __name__ == "__main__":
    main()
