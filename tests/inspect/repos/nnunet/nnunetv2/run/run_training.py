# Console entry `nnUNetv2_train DATASET CONFIGURATION FOLD [-tr TRAINER] [-num_gpus N]`.
import argparse

import torch.multiprocessing as mp

from nnunetv2.training.nnUNetTrainer.nnUNetTrainer import nnUNetTrainer


def run_ddp(rank, dataset_name_or_id, configuration, fold, world_size):
    return nnUNetTrainer(None, configuration, fold, None)


def run_training(dataset_name_or_id, configuration, fold, trainer_class_name="nnUNetTrainer", num_gpus=1):
    if num_gpus > 1:
        mp.spawn(run_ddp, args=(dataset_name_or_id, configuration, fold, num_gpus), nprocs=num_gpus, join=True)
    else:
        nnUNetTrainer(None, configuration, fold, None)


def run_training_entry():
    parser = argparse.ArgumentParser()
    parser.add_argument("dataset_name_or_id", type=str, help="Dataset name or ID to train with")
    parser.add_argument("configuration", type=str, help="Configuration that should be trained")
    parser.add_argument("fold", type=str, help="Fold of the 5-fold cross-validation. Should be an int between 0 and 4.")
    parser.add_argument("-tr", type=str, required=False, default="nnUNetTrainer", help="Use this flag to specify a custom trainer.")
    parser.add_argument("-p", type=str, required=False, default="nnUNetPlans", help="Plans identifier.")
    parser.add_argument("-num_gpus", type=int, default=1, required=False, help="Specify the number of GPUs to use for training")
    args = parser.parse_args()
    run_training(args.dataset_name_or_id, args.configuration, args.fold, args.tr, num_gpus=args.num_gpus)


if __name__ == "__main__":
    run_training_entry()
