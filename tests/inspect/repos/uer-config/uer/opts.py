def model_opts(parser):
    parser.add_argument("--embedding", choices=["word", "word_pos", "word_pos_seg"], default="word_pos_seg",
                        help="Emebdding type.")
    parser.add_argument("--encoder", choices=["transformer", "rnn", "lstm", "gru"], default="transformer",
                        help="Encoder type.")
    parser.add_argument("--mask", choices=["fully_visible", "causal"], default="fully_visible",
                        help="Mask type.")
    parser.add_argument("--dropout", type=float, default=0.1, help="Dropout.")


def optimization_opts(parser):
    parser.add_argument("--learning_rate", type=float, default=2e-5,
                        help="Learning rate.")
    parser.add_argument("--warmup", type=float, default=0.1,
                        help="Warm up value.")
    parser.add_argument("--fp16", action="store_true",
                        help="Whether to use 16-bit (mixed) precision (through NVIDIA apex).")
    parser.add_argument("--fp16_opt_level", choices=["O0", "O1", "O2", "O3"], default="O1",
                        help="apex AMP optimization level.")
    parser.add_argument("--optimizer", choices=["adamw", "adafactor"], default="adamw",
                        help="Optimizer type.")


def training_opts(parser):
    parser.add_argument("--world_size", type=int, default=1,
                        help="Total number of processes (GPUs) for training.")
    parser.add_argument("--gpu_ranks", default=[], nargs='+', type=int,
                        help="List of ranks of each process.")
    parser.add_argument("--master_ip", default="tcp://localhost:12345", type=str,
                        help="IP-Port of master for training.")
    parser.add_argument("--seed", type=int, default=7, help="Random seed.")
