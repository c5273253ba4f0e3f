"""Training utilities: configuration, model, optimizer, data."""
import torch
from omegaconf import OmegaConf
from torch.optim import AdamW
from modeling.titok import TiTok
from modeling.losses import ReconstructionLoss
from data import SimpleImageDataset


def get_config():
    cli_conf = OmegaConf.from_cli()
    yaml_conf = OmegaConf.load(cli_conf.config)
    conf = OmegaConf.merge(yaml_conf, cli_conf)
    return conf


def create_pretrained_tokenizer(config, accelerator=None):
    return None


def create_model_and_loss_module(config, logger, accelerator, model_type="titok"):
    if model_type == "titok":
        model_cls = TiTok
        loss_cls = ReconstructionLoss
    else:
        raise ValueError(f"Unsupported model_type {model_type}")
    model = model_cls(config)
    ema_model = None
    loss_module = loss_cls(config=config)
    return model, ema_model, loss_module


def create_optimizer(config, logger, model, loss_module):
    optimizer_config = config.optimizer.params
    learning_rate = optimizer_config.learning_rate
    optimizer = AdamW(model.parameters(), lr=learning_rate, betas=(optimizer_config.beta1, optimizer_config.beta2),
                      weight_decay=optimizer_config.weight_decay)
    return optimizer, None


def create_lr_scheduler(config, logger, accelerator, optimizer, discriminator_optimizer=None):
    from torch.optim.lr_scheduler import LambdaLR
    warmup = config.lr_scheduler.params.warmup_steps
    return LambdaLR(optimizer, lambda s: min(1.0, (s + 1) / warmup)), None


def create_dataloader(config, logger, accelerator):
    total_batch_size_without_accum = config.training.per_gpu_batch_size * accelerator.num_processes
    dataset_config = config.dataset.params
    dataset = SimpleImageDataset(
        train_shards_path=dataset_config.train_shards_path_or_url,
        eval_shards_path=dataset_config.eval_shards_path_or_url,
        num_train_examples=config.experiment.max_train_examples,
        per_gpu_batch_size=config.training.per_gpu_batch_size,
        global_batch_size=total_batch_size_without_accum,
        num_workers_per_gpu=dataset_config.num_workers_per_gpu,
        resize_shorter_edge=config.dataset.preprocessing.resize_shorter_edge,
        crop_size=config.dataset.preprocessing.crop_size,
    )
    return dataset.train_dataloader, dataset.eval_dataloader


def train_one_epoch(config, logger, accelerator, model, ema_model, loss_module, optimizer, lr_scheduler,
                    train_dataloader, global_step):
    model.train()
    for i, batch in enumerate(train_dataloader):
        with accelerator.accumulate([model, loss_module]):
            images = batch["image"].to(accelerator.device, non_blocking=True)
            reconstructed_images, extra_results_dict = model(images)
            loss, loss_dict = loss_module(images, reconstructed_images, extra_results_dict, global_step)
            accelerator.backward(loss)
            optimizer.step()
            lr_scheduler.step()
            optimizer.zero_grad(set_to_none=True)
        global_step += 1
    return global_step
