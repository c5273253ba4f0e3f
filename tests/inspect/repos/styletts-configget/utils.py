# utils.py - list files and masks
import torch


def get_data_path_list(train_path=None, val_path=None):
    with open(train_path or "Data/train_list.txt", 'r', encoding='utf-8') as f:
        train_list = f.readlines()
    with open(val_path or "Data/val_list.txt", 'r', encoding='utf-8') as f:
        val_list = f.readlines()
    return train_list, val_list


def length_to_mask(lengths):
    return torch.arange(lengths.max()).unsqueeze(0) >= lengths.unsqueeze(1)
