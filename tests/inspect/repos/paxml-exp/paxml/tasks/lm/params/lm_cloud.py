"""Base SPMD transformer LM experiment (fixture)."""


class TransformerLmSpmdAdam:
    NUM_LAYERS = 12
    MODEL_DIMS = 768
    HIDDEN_DIMS = 3072
    NUM_HEADS = 12
    LEARNING_RATE = 1e-3
    PERCORE_BATCH_SIZE = 2
    MAX_STEPS = 100000
    CHECKPOINT_EVERY_N_STEPS = 1000
    ICI_MESH_SHAPE = [1, 1, 1]

    def task(self):
        return {"layers": self.NUM_LAYERS, "dims": self.MODEL_DIMS}

    def datasets(self):
        return []
