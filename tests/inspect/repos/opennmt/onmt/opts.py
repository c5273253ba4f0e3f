"""Options of the trainer; every option may also be given in the YAML passed with -config."""


def config_opts(parser):
    parser.add('-config', '--config', required=False, is_config_file_arg=True, help='config file path')


def model_opts(parser):
    group = parser.add_argument_group('Model')
    group.add('--encoder_type', '-encoder_type', type=str, default='rnn', choices=['rnn', 'transformer', 'cnn'])
    group.add('--decoder_type', '-decoder_type', type=str, default='rnn')
    group.add('--layers', '-layers', type=int, default=-1)
    group.add('--hidden_size', '-hidden_size', type=int, default=-1)
    group.add('--heads', '-heads', type=int, default=8)
    group.add('--transformer_ff', '-transformer_ff', type=int, default=2048)


def train_opts(parser):
    group = parser.add_argument_group('Optimization')
    group.add('--batch_size', '-batch_size', type=int, default=64)
    group.add('--batch_type', '-batch_type', default='sents', choices=['sents', 'tokens'])
    group.add('--train_steps', '-train_steps', type=int, default=100000)
    group.add('--valid_steps', '-valid_steps', type=int, default=10000)
    group.add('--optim', '-optim', default='sgd')
    group.add('--learning_rate', '-learning_rate', type=float, default=1.0)
    group.add('--warmup_steps', '-warmup_steps', type=int, default=4000)
    group.add('--accum_count', '-accum_count', type=int, nargs='+', default=[1])
    group.add('--model_dtype', '-model_dtype', default='fp32', choices=['fp32', 'fp16'])
    group.add('--world_size', '-world_size', type=int, default=1)
    group.add('--gpu_ranks', '-gpu_ranks', type=int, nargs='*', default=[])
    group.add('--save_model', '-save_model', default='model')
