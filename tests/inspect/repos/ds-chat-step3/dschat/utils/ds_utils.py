# Builds the DeepSpeed config from a stage number and a dtype (own fixture).
def get_train_ds_config(offload, dtype, stage=2):
    data_type = "bfloat16" if dtype == "bf16" else "fp16"
    return {"train_batch_size": 32, "zero_optimization": {"stage": stage}, data_type: {"enabled": True}}
