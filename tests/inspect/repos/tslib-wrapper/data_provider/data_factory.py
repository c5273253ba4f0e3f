# Data sets by the name given to --data.
from torch.utils.data import DataLoader

data_dict = {
    'ETTh1': 'Dataset_ETT_hour',
    'ETTm1': 'Dataset_ETT_minute',
}


def data_provider(args, flag):
    Data = data_dict[args.data]
    shuffle_flag = flag == 'train'
    data_set = Data
    data_loader = DataLoader(data_set, batch_size=args.batch_size, shuffle=shuffle_flag, num_workers=args.num_workers)
    return data_set, data_loader
