# RLHF step 3: PPO over an actor and a critic, each with its own ZeRO stage (own fixture).
import argparse
import deepspeed
from dschat.utils.ds_utils import get_train_ds_config


def parse_args():
    parser = argparse.ArgumentParser(description="(Step 3) RLHF training")
    parser.add_argument("--data_path", nargs="*", default=["Dahoas/rm-static"])
    parser.add_argument("--data_split", type=str, default="2,4,4")
    parser.add_argument("--actor_model_name_or_path", type=str, required=True)
    parser.add_argument("--critic_model_name_or_path", type=str, required=True)
    parser.add_argument("--per_device_training_batch_size", type=int, default=16)
    parser.add_argument("--per_device_generation_batch_size", type=int, default=16)
    parser.add_argument("--num_train_epochs", type=int, default=1)
    parser.add_argument("--max_prompt_seq_len", type=int, default=256)
    parser.add_argument("--max_answer_seq_len", type=int, default=256)
    parser.add_argument("--actor_learning_rate", type=float, default=9.65e-6)
    parser.add_argument("--critic_learning_rate", type=float, default=5e-6)
    parser.add_argument("--gradient_accumulation_steps", type=int, default=1)
    parser.add_argument("--actor_zero_stage", type=int, default=0)
    parser.add_argument("--critic_zero_stage", type=int, default=0)
    parser.add_argument("--enable_hybrid_engine", action="store_true")
    parser.add_argument("--dtype", type=str, default="fp16", choices=["fp16", "bf16"])
    parser.add_argument("--output_dir", type=str, default=None)
    parser = deepspeed.add_config_arguments(parser)
    return parser.parse_args()


def main():
    args = parse_args()
    ds_config = get_train_ds_config(offload=False, dtype=args.dtype, stage=args.actor_zero_stage)
    deepspeed.init_distributed()


if __name__ == "__main__":
    main()
