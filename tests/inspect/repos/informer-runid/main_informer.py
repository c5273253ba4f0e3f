# Informer: long sequence forecasting; the experiment builds the model named by --model.
import argparse
import torch
from exp.exp_informer import Exp_Informer

parser = argparse.ArgumentParser(description='[Informer] Long Sequences Forecasting')
parser.add_argument('--model', type=str, required=True, default='informer', help='model of experiment, options: [informer, informerstack]')
parser.add_argument('--model_id', type=str, default='test', help='name of the run')
parser.add_argument('--data', type=str, required=True, default='ETTh1', help='data')
parser.add_argument('--root_path', type=str, default='./data/ETT/', help='root path of the data file')
parser.add_argument('--seq_len', type=int, default=96, help='input sequence length of Informer encoder')
parser.add_argument('--d_model', type=int, default=512, help='dimension of model')
parser.add_argument('--train_epochs', type=int, default=6, help='train epochs')
parser.add_argument('--batch_size', type=int, default=32, help='batch size of train input data')
parser.add_argument('--learning_rate', type=float, default=0.0001, help='optimizer learning rate')
parser.add_argument('--use_amp', action='store_true', help='use automatic mixed precision training', default=False)
args = parser.parse_args()

exp = Exp_Informer(args)
exp.train(args.model_id)
