from parlai.core.torch_agent import TorchAgent


def add_common_cmdline_args(parser):
    parser.add_argument('-esz', '--embedding-size', type=int, default=300,
                        help='Size of all embedding layers. Must be a multiple of --n-heads.')
    parser.add_argument('-nl', '--n-layers', type=int, default=2, help='Number of transformer layers.')
    parser.add_argument('-hid', '--ffn-size', type=int, default=300, help='Hidden size of the FFN layers')
    parser.add_argument('--dropout', type=float, default=0.0, help='Dropout used around embeddings and before layer layer normalizations.')
    parser.add_argument('--n-heads', type=int, default=2, help='Number of multihead attention heads')
    parser.add_argument('--n-positions', type=int, default=None, help='Number of positional embeddings to learn.')
    parser.add_argument('--variant', choices={'aiayn', 'xlm', 'prelayernorm', 'bart'}, default='aiayn')


class TransformerGeneratorAgent(TorchAgent):
    @classmethod
    def add_cmdline_args(cls, parser):
        agent = parser.add_argument_group('Transformer Arguments')
        add_common_cmdline_args(agent)
        super().add_cmdline_args(parser)
        return agent
