# Fixture (LitGPT look-alike): one console script, subcommands dispatched by jsonargparse's CLI to
# the recipe functions.
from jsonargparse import CLI

from litgpt.finetune.full import setup as finetune_full_fn
from litgpt.finetune.lora import setup as finetune_lora_fn
from litgpt.pretrain import setup as pretrain_fn


def main() -> None:
    parser_data = {
        "finetune_full": finetune_full_fn,
        "finetune_lora": finetune_lora_fn,
        "pretrain": pretrain_fn,
    }
    CLI(parser_data)


if __name__ == "__main__":
    main()
