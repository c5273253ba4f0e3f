#!/usr/bin/env python3
"""Trains a denoising diffusion model from a JSON config (fixture in the manner of k-diffusion)."""
import argparse
import accelerate
import torch
import k_diffusion as K


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument('--batch-size', type=int, default=64, help='the batch size')
    p.add_argument('--checkpointing', action='store_true', help='enable gradient checkpointing')
    p.add_argument('--config', type=str, required=True, help='the configuration file')
    p.add_argument('--evaluate-every', type=int, default=10000)
    p.add_argument('--grad-accum-steps', type=int, default=1, help='the number of gradient accumulation steps')
    p.add_argument('--lr', type=float, help='the learning rate')
    p.add_argument('--mixed-precision', type=str, help='the mixed precision type')
    p.add_argument('--name', type=str, default='model', help='the name of the run')
    p.add_argument('--num-workers', type=int, default=8)
    p.add_argument('--sample-n', type=int, default=64)
    p.add_argument('--seed', type=int)
    args = p.parse_args()

    config = K.config.load_config(args.config)
    model_config = config['model']
    dataset_config = config['dataset']
    opt_config = config['optimizer']

    accelerator = accelerate.Accelerator(gradient_accumulation_steps=args.grad_accum_steps,
                                         mixed_precision=args.mixed_precision)
    inner_model = K.config.make_model(config)
    lr = opt_config['lr'] if args.lr is None else args.lr
    opt = torch.optim.AdamW(inner_model.parameters(), lr=lr, betas=tuple(opt_config['betas']))
    if dataset_config['type'] == 'huggingface':
        from datasets import load_dataset
        train_set = load_dataset(dataset_config['location'])
    train_dl = torch.utils.data.DataLoader(train_set, args.batch_size, shuffle=True,
                                           num_workers=args.num_workers)
    inner_model, opt, train_dl = accelerator.prepare(inner_model, opt, train_dl)


if __name__ == '__main__':
    main()
