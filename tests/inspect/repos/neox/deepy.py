#!/usr/bin/env python
"""Launcher: reads the YAML configs named on the command line, merged in order, and starts DeepSpeed
(learned from EleutherAI/gpt-neox deepy.py)."""
import os
import sys

from megatron.neox_arguments import NeoXArgs


def main():
    neox_args = NeoXArgs.consume_deepy_args()
    deepspeed_main_args = neox_args.get_deepspeed_main_args()
    from deepspeed.launcher.runner import main as ds_main
    ds_main(deepspeed_main_args)


if __name__ == "__main__":
    main()
