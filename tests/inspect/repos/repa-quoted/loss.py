# Denoising loss plus the representation-alignment term.
class SILoss:
    def __init__(self, prediction='v', path_type="linear", weighting="uniform", encoders=[], accelerator=None, latents_scale=None, latents_bias=None):
        self.prediction = prediction
