from datasets import load_dataset


def get_strategy(args):
    from openrlhf.utils.deepspeed import DeepspeedStrategy

    return DeepspeedStrategy(
        seed=getattr(args, "seed", 42),
        max_norm=getattr(args, "max_norm", 1.0),
        micro_train_batch_size=getattr(args, "micro_train_batch_size", 1),
        train_batch_size=getattr(args, "train_batch_size", 128),
        zero_stage=args.zero_stage,
        bf16=getattr(args, "bf16", True),
        args=args,
    )


def blending_datasets(datasets, probabilities=None, strategy=None):
    return [load_dataset(name) for name in datasets.split(",")]
