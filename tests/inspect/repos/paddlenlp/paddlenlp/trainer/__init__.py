"""Trainer and PdArgumentParser of the PaddleNLP-style fixture."""
from .argparser import PdArgumentParser
