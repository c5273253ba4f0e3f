import torch
from datasets import load_dataset
from mmengine.dataset import DefaultSampler
from peft import LoraConfig
from torch.optim import AdamW
from transformers import AutoModelForCausalLM, AutoTokenizer, BitsAndBytesConfig

#######################################################################
#                          PART 1  Settings                           #
#######################################################################
# Model
pretrained_model_name_or_path = 'internlm/internlm2-chat-7b'

# Data
data_path = 'timdettmers/openassistant-guanaco'
max_length = 2048

# Scheduler & Optimizer
batch_size = 1  # per_device
accumulative_counts = 16
dataloader_num_workers = 0
max_epochs = 3
lr = 2e-4
weight_decay = 0

#######################################################################
#                      PART 2  Model & Tokenizer                      #
#######################################################################
model = dict(
    type='SupervisedFinetune',
    llm=dict(
        type=AutoModelForCausalLM.from_pretrained,
        pretrained_model_name_or_path=pretrained_model_name_or_path,
        torch_dtype=torch.float16,
        quantization_config=dict(type=BitsAndBytesConfig, load_in_4bit=True)),
    lora=dict(type=LoraConfig, r=64, lora_alpha=16))

train_dataset = dict(type='process_hf_dataset', dataset=dict(type=load_dataset, path=data_path), max_length=max_length)

optim_wrapper = dict(
    type='AmpOptimWrapper',
    optimizer=dict(type=AdamW, lr=lr, weight_decay=weight_decay),
    accumulative_counts=accumulative_counts,
    dtype='float16')

train_cfg = dict(type='TrainLoop', max_epochs=max_epochs)
