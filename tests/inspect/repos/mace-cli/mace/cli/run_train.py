import logging

import torch
import torch.distributed
from torch.nn.parallel import DistributedDataParallel as DDP

from mace import tools
from mace.modules.models import MACE, ScaleShiftMACE


def main() -> None:
    args = tools.build_default_arg_parser().parse_args()
    if args.distributed:
        torch.distributed.init_process_group(backend="nccl")
    tools.set_default_dtype(args.default_dtype)
    model = (MACE if args.model == "MACE" else ScaleShiftMACE)(args.r_max, args.num_interactions, args.hidden_irreps)
    model.to(args.device)
    if args.distributed:
        model = DDP(model, device_ids=[torch.cuda.current_device()])
    optimizer = torch.optim.Adam(model.parameters(), lr=args.lr, amsgrad=args.amsgrad, weight_decay=args.weight_decay)
    logging.info("training %s on %s for %d epochs", args.model, args.train_file, args.max_num_epochs)


if __name__ == "__main__":
    main()
