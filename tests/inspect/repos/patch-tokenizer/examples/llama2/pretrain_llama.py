from megatron.training import pretrain


def get_patch_args(parser):
    group = parser.add_argument_group(title='patch')
    group.add_argument('--patch-tokenizer-type', type=str, help='patch-tokenizer-type')
    return parser


if __name__ == "__main__":
    pretrain(None, None, None, None, extra_args_provider=get_patch_args)
