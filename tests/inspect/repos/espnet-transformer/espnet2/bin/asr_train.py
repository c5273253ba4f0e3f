#!/usr/bin/env python3
"""ASR training: `python -m espnet2.bin.asr_train --config conf/train_asr.yaml [--key value ...]`."""
from espnet2.tasks.asr import ASRTask


def get_parser():
    return ASRTask.get_parser()


def main(cmd=None):
    ASRTask.main(cmd=cmd)


if __name__ == "__main__":
    main()
