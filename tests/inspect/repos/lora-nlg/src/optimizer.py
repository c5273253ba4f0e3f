import torch


def add_optimizer_params(parser):
    parser.add_argument('--lr', default=0.00001, type=float, help='learning rate.')
    parser.add_argument('--weight_decay', default=0.01, type=float, help='weight decay rate')
    parser.add_argument('--correct_bias', action='store_true', help='correct adam bias term')
    parser.add_argument('--adam_epislon', default=1e-6, type=float, help='adam epsilon')
    parser.add_argument('--adam_beta1', default=0.9, type=float, help='adam beta1 term')
    parser.add_argument('--adam_beta2', default=0.98, type=float, help='adam beta2 term')
    parser.add_argument('--scheduler', default='linear', type=str, help='lr scheduler to use.')
    parser.add_argument('--max_step', type=int, default=None, help='upper epoch limit')
    parser.add_argument('--max_epoch', type=int, default=None, help='max epoch of training')
    parser.add_argument('--warmup_step', type=int, default=0, help='upper epoch limit')


def create_adam_optimizer_from_args(model, args):
    return torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=args.weight_decay)


def create_optimizer_scheduler(optimizer, args):
    return None
