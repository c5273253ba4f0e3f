#!/usr/bin/env python3
"""
Training script for ParlAI.

## Examples

```shell
parlai train_model --model ir_baseline --task dialog_babi:Task:1 --model-file /tmp/model
```
"""
from parlai.core.params import ParlaiParser
from parlai.core.script import ParlaiScript, register_script


def setup_args(parser=None) -> ParlaiParser:
    if parser is None:
        parser = ParlaiParser(True, True, 'Train a model')
    train = parser.add_argument_group('Training Loop Arguments')
    train.add_argument('-et', '--evaltask', help='task to use for valid/test (defaults to the one used for training)')
    train.add_argument('-eps', '--num-epochs', type=float, default=-1)
    train.add_argument('-ttim', '--max-train-time', type=float, default=-1)
    train.add_argument('-tstep', '--max-train-steps', '--max-lr-steps', type=int, default=-1,
                       help='End training after n model updates')
    train.add_argument('-vtim', '--validation-every-n-secs', type=float, default=-1)
    train.add_argument('-vp', '--validation-patience', type=int, default=10)
    train.add_argument('-vmt', '--validation-metric', default='accuracy')
    return parser


class TrainLoop:
    def __init__(self, opt):
        self.opt = opt

    def train(self):
        return {}


@register_script('train_model', aliases=['tm', 'train'])
class TrainModel(ParlaiScript):
    @classmethod
    def setup_args(cls):
        return setup_args()

    def run(self):
        self.train_loop = TrainLoop(self.opt)
        return self.train_loop.train()


if __name__ == '__main__':
    TrainModel.main()
