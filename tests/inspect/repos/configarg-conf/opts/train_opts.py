# train_opts.py - the training options, added to the caller's parser


def add_train_args(parser):
    parser.add_argument("--train_dir", type=str, default="egs/valentini/train.pt")
    parser.add_argument("--epochs", type=int, default=400)
    parser.add_argument("--batch_size", type=int, default=64)
    parser.add_argument("--lr", type=float, default=3e-4)
    parser.add_argument("--channels", type=int, default=48)
    parser.add_argument("--depth", type=int, default=5)
    parser.add_argument("--seed", type=int, default=2036)
    return parser
