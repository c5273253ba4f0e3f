# Pre-training of CroCo: the model and the data set are Python expressions given as options.
import argparse
import torch
from models.croco import CroCoNet  # noqa
from datasets.pairs_dataset import PairsDataset  # noqa


def get_args_parser():
    parser = argparse.ArgumentParser('CroCo pre-training', add_help=False)
    parser.add_argument('--model', default='CroCoNet()', type=str, help="string containing the model to build")
    parser.add_argument('--dataset', default='PairsDataset(\'habitat_release\', data_dir="./data/")', type=str, help="training set")
    parser.add_argument('--batch_size', default=64, type=int, help="Batch size per GPU")
    parser.add_argument('--epochs', default=800, type=int, help="Maximum number of epochs for the scheduler")
    parser.add_argument('--lr', type=float, default=None, help='learning rate (absolute lr)')
    parser.add_argument('--blr', type=float, default=1.5e-4, help='base learning rate')
    parser.add_argument('--amp', type=int, default=1, choices=[0, 1], help="Use Automatic Mixed Precision for pretraining")
    parser.add_argument('--output_dir', default='./output/', type=str, help="path where to save the output")
    return parser


def main(args):
    model = eval(args.model)
    dataset = eval(args.dataset)
    loader = torch.utils.data.DataLoader(dataset, batch_size=args.batch_size)
    optimizer = torch.optim.AdamW(model.parameters(), lr=args.blr)
    for epoch in range(args.epochs):
        for batch in loader:
            with torch.cuda.amp.autocast(enabled=bool(args.amp)):
                loss = model(batch).mean()
            loss.backward()
            optimizer.step()


if __name__ == '__main__':
    args = get_args_parser()
    args = args.parse_args()
    main(args)
