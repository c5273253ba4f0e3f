# data of the embedding fine-tuning
import torch
