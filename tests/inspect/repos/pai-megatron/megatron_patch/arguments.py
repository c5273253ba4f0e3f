def get_patch_args(parser):
    group = parser.add_argument_group(title='patch')
    group.add_argument('--patch-tokenizer-type', type=str, help='patch-tokenizer-type')
    group.add_argument('--extra-vocab-size', type=int, default=0, help='extra_vocab_size')
    group.add_argument('--dataset', type=str, default=None, help='dataset')
    return parser
