"""The main training script to run supervised fine-tuning."""

import sys

from safe_rlhf.finetune.deepspeed import main


if __name__ == '__main__':
    sys.exit(main())
