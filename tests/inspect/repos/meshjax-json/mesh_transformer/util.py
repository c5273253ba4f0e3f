# util.py - schedules and optimizer pieces
import jax.numpy as jnp
import optax


def gpt3_schedule(warmup_steps, total_steps, peak_lr, end_lr):
    def sch(step):
        warmup_pct = jnp.clip(step, 0, warmup_steps) / warmup_steps
        anneal_pct = jnp.clip(step - warmup_steps, 0, total_steps) / total_steps
        return warmup_pct * peak_lr - (peak_lr - end_lr) * (1 - jnp.cos(jnp.pi * anneal_pct)) / 2
    return sch


def clip_by_global_norm(max_norm):
    return optax.clip_by_global_norm(max_norm)


def additive_weight_decay(weight_decay):
    return optax.add_decayed_weights(weight_decay)
