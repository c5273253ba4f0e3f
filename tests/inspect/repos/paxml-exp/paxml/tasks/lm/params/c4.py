"""Decoder-only language models on C4 (fixture)."""
import jax.numpy as jnp

from paxml import experiment_registry
from paxml.tasks.lm.params.lm_cloud import TransformerLmSpmdAdam


class C4SpmdAdam(TransformerLmSpmdAdam):
    DATASET_NAME = "c4/en:3.0.1"
    VOCAB_SIZE = 32000
    MAX_SEQ_LEN = 1024
    LEARNING_RATE = 2.0e-4
    PERCORE_BATCH_SIZE = 4
    WEIGHT_DECAY = 1e-3


@experiment_registry.register
class C4Spmd1BAdam(C4SpmdAdam):
    NUM_LAYERS = 24
    MODEL_DIMS = 2048
    HIDDEN_DIMS = MODEL_DIMS * 4
    NUM_HEADS = 16
    PERCORE_BATCH_SIZE = 8
    ICI_MESH_SHAPE = [1, 8, 1]
    FPROP_DTYPE = jnp.bfloat16
