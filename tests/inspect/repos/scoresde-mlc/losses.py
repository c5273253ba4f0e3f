"""Optimizer and the denoising score matching loss."""
import torch
import torch.optim as optim


def get_optimizer(config, params):
  if config.optim.optimizer == 'Adam':
    optimizer = optim.Adam(params, lr=config.optim.lr, betas=(config.optim.beta1, 0.999), eps=config.optim.eps,
                           weight_decay=config.optim.weight_decay)
  else:
    raise NotImplementedError(f'Optimizer {config.optim.optimizer} not supported yet!')
  return optimizer


def step(state, batch, config):
  model, optimizer = state['model'], state['optimizer']
  optimizer.zero_grad()
  noise = torch.randn_like(batch)
  score = model(batch + noise, torch.rand(batch.shape[0], device=batch.device))
  loss = torch.mean(torch.sum((score * 1.0 + noise) ** 2, dim=(1, 2, 3)))
  loss.backward()
  if config.optim.warmup > 0:
    for g in optimizer.param_groups:
      g['lr'] = config.optim.lr * min(state['step'] / config.optim.warmup, 1.0)
  torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm=config.optim.grad_clip)
  optimizer.step()
  state['step'] += 1
  return loss
