"""Settings shared by every fine-tuning configuration."""
import ml_collections

DATASET_PRESETS = {
    'cifar10': ml_collections.ConfigDict(
        {'total_steps': 10_000,
         'pp': ml_collections.ConfigDict(
             {'train': 'train[:98%]',
              'test': 'test',
              'crop': 384})
         }),
    'cifar100': ml_collections.ConfigDict(
        {'total_steps': 10_000,
         'pp': ml_collections.ConfigDict(
             {'train': 'train[:98%]',
              'test': 'test',
              'crop': 384})
         }),
    'imagenet2012': ml_collections.ConfigDict(
        {'total_steps': 20_000,
         'pp': ml_collections.ConfigDict(
             {'train': 'train[:99%]',
              'test': 'validation',
              'crop': 384})
         }),
}


def with_dataset(config: ml_collections.ConfigDict, dataset: str) -> ml_collections.ConfigDict:
  config = ml_collections.ConfigDict(config.to_dict())
  config.dataset = dataset
  config.update(DATASET_PRESETS[dataset])
  return config


def get_config():
  """Returns the defaults; the model and the data set are added by each configuration."""
  config = ml_collections.ConfigDict()
  config.pretrained_dir = '.'
  config.dataset = ''
  config.batch = 512
  config.batch_eval = 512
  config.accum_steps = 8
  config.base_lr = 0.03
  config.decay_type = 'cosine'
  config.warmup_steps = 500
  config.grad_norm_clip = 1.0
  config.total_steps = 100
  config.shuffle_buffer = 50_000
  config.eval_every = 100
  config.progress_every = 10
  config.checkpoint_every = 1_000
  config.prefetch = 2
  config.trainer = 'train'
  return config.lock()
