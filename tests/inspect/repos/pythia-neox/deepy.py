#!/usr/bin/env python
# Launcher (fixture): merges the config files named after the training script, in order, then runs it
# under the DeepSpeed launcher.
import logging

from megatron.neox_arguments import NeoXArgs


def main():
    neox_args = NeoXArgs.consume_deepy_args()
    args = neox_args.get_deepspeed_main_args()
    from deepspeed.launcher.runner import main as ds_main
    logging.info("launching %s", args)
    ds_main(args)


if __name__ == "__main__":
    main()
