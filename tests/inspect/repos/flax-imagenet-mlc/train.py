"""ImageNet example: the training loop with pmap over the local devices."""
import jax
import jax.numpy as jnp
import optax
import tensorflow_datasets as tfds

import input_pipeline
import models


def create_model(*, model_cls, half_precision, **kwargs):
  platform = jax.local_devices()[0].platform
  if half_precision:
    if platform == 'tpu':
      model_dtype = jnp.bfloat16
    else:
      model_dtype = jnp.float16
  else:
    model_dtype = jnp.float32
  return model_cls(num_classes=1000, dtype=model_dtype, **kwargs)


def train_and_evaluate(config, workdir):
  dataset_builder = tfds.builder(config.dataset)
  train_iter = input_pipeline.create_split(dataset_builder, config.batch_size, train=True)
  steps_per_epoch = dataset_builder.info.splits['train'].num_examples // config.batch_size
  num_steps = int(steps_per_epoch * config.num_epochs)
  model_cls = getattr(models, config.model)
  model = create_model(model_cls=model_cls, half_precision=config.half_precision)
  schedule = optax.cosine_decay_schedule(config.learning_rate, num_steps)
  tx = optax.sgd(learning_rate=schedule, momentum=config.momentum, nesterov=True)
  p_train_step = jax.pmap(lambda s, b: s, axis_name='batch')
  for step, batch in zip(range(num_steps), train_iter):
    state = p_train_step(model, batch)
