from .deepspeed import DeepspeedStrategy
