"""Builds the DeepSpeed config from the flags."""
GLOBAL_BATCH_SIZE = 32
MICRO_BATCH_SIZE = 4


def get_train_ds_config(offload, stage=2, enable_hybrid_engine=False):
    device = "cpu" if offload else "none"
    zero_opt_dict = {
        "stage": stage,
        "offload_param": {"device": device},
    }
    return {"train_batch_size": GLOBAL_BATCH_SIZE, "zero_optimization": zero_opt_dict, "bf16": {"enabled": True}}
