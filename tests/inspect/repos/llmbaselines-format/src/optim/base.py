# base.py - the training loop with gradient accumulation
import torch


def train_base(model, opt, data, scheduler, iterations, acc_steps, batch_size, sequence_length, eval_freq, distributed_backend, extra_args, type_ctx):
    itr = 0
    while itr < iterations:
        for microstep_idx in range(acc_steps):
            with type_ctx:
                outputs = model(None, targets=None)
            loss = outputs['loss'] / acc_steps
            loss.backward()
        opt.step()
        scheduler.step()
        opt.zero_grad(set_to_none=True)
        itr += 1
    return {}
