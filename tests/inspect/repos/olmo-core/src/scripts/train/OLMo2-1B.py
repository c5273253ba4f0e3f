"""
Train a 1B OLMo 2 model. Run without arguments for usage:
    python src/scripts/train/OLMo2-1B.py {dry_run,train} RUN_NAME CLUSTER [--a.b.c=value ...]
"""
from olmo_core.internal.experiment import CommonComponents, main
from olmo_core.nn.transformer import TransformerConfig
from olmo_core.optim import AdamWConfig, CosWithWarmup
from olmo_core.train import TrainerConfig, Duration
from olmo_core.train.train_module import (
    DataParallelType,
    TransformerDataParallelConfig,
    TransformerTrainModuleConfig,
)
from olmo_core.config import DType

SEQUENCE_LENGTH = 4096
GLOBAL_BATCH_SIZE = 512 * SEQUENCE_LENGTH  # tokens


def build_model_config(common: CommonComponents) -> TransformerConfig:
    return TransformerConfig.olmo2_1B(vocab_size=common.tokenizer.padded_vocab_size())


def build_train_module_config(common: CommonComponents) -> TransformerTrainModuleConfig:
    return TransformerTrainModuleConfig(
        rank_microbatch_size=4 * SEQUENCE_LENGTH,
        max_sequence_length=SEQUENCE_LENGTH,
        optim=AdamWConfig(lr=4e-4, weight_decay=0.1, betas=(0.9, 0.95), fused=True),
        compile_model=True,
        dp_config=TransformerDataParallelConfig(
            name=DataParallelType.fsdp, param_dtype=DType.bfloat16, reduce_dtype=DType.float32
        ),
        max_grad_norm=1.0,
        scheduler=CosWithWarmup(warmup_steps=2000),
    )


def build_trainer_config(common: CommonComponents) -> TrainerConfig:
    return TrainerConfig(
        save_folder=common.save_folder,
        save_overwrite=True,
        metrics_collect_interval=10,
        max_duration=Duration.tokens(4_000_000_000_000),
    )


if __name__ == "__main__":
    main(
        global_batch_size=GLOBAL_BATCH_SIZE,
        model_config_builder=build_model_config,
        train_module_config_builder=build_train_module_config,
        trainer_config_builder=build_trainer_config,
    )
