data_root = '/data/data'
data = dict(type='InternalData', root='images', image_list_json=['data_info.json'], transform='default_train', load_vae_feat=True)
image_size = 256  # the generated image resolution
train_batch_size = 32
eval_batch_size = 16
use_fsdp = False
valid_num = 0

# model setting
model = 'PixArt_XL_2'
aspect_ratio_type = None
multi_scale = False
fp32_attention = True
pe_interpolation = 1.0

# training setting
num_workers = 4
train_sampling_steps = 1000
num_epochs = 80
gradient_accumulation_steps = 1
grad_checkpointing = False
gradient_clip = 1.0
gc_step = 1
auto_lr = dict(rule='sqrt')

# we use different weight decay with the official implementation since it results better result
optimizer = dict(type='AdamW', lr=1e-4, weight_decay=3e-2, eps=1e-8)
lr_schedule = 'constant'
lr_schedule_args = dict(num_warmup_steps=500)

save_image_epochs = 1
save_model_epochs = 1
save_model_steps = 1000000

mixed_precision = 'fp16'
scale_factor = 0.18215
ema_rate = 0.9999
seed = 43
