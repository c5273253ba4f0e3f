"""Fine-tuning loop: pmap over the local devices, SGD with momentum, gradient accumulation."""
import functools
import flax
import jax
import jax.numpy as jnp
import optax

from vit_jax import input_pipeline
from vit_jax import models


def make_update_fn(*, apply_fn, accum_steps, tx):
  def update_fn(params, opt_state, batch, rng):
    def loss_fn(params, images, labels):
      logits = apply_fn(dict(params=params), rngs=dict(dropout=rng), inputs=images, train=True)
      return -jnp.mean(jnp.sum(labels * jax.nn.log_softmax(logits), axis=-1))
    l, g = jax.value_and_grad(loss_fn)(params, batch['image'], batch['label'])
    g = jax.lax.pmean(g, axis_name='batch')
    updates, opt_state = tx.update(g, opt_state)
    return optax.apply_updates(params, updates), opt_state, l, rng
  return jax.pmap(update_fn, axis_name='batch', donate_argnums=(0,))


def train_and_evaluate(config, workdir):
  ds_train, ds_test = input_pipeline.get_datasets(config)
  model = models.VisionTransformer(num_classes=input_pipeline.get_dataset_info(config.dataset, 'train')['num_classes'],
                                   **config.model)
  lr_fn = optax.warmup_cosine_decay_schedule(0.0, config.base_lr, config.warmup_steps, config.total_steps)
  tx = optax.chain(optax.clip_by_global_norm(config.grad_norm_clip),
                   optax.sgd(learning_rate=lr_fn, momentum=0.9, accumulator_dtype='bfloat16'))
  update_fn_repl = make_update_fn(apply_fn=model.apply, accum_steps=config.accum_steps, tx=tx)
  for step, batch in zip(range(1, config.total_steps + 1), ds_train.as_numpy_iterator()):
    pass
