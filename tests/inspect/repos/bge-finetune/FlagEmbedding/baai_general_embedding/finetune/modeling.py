# modeling of the embedding fine-tuning
import torch
