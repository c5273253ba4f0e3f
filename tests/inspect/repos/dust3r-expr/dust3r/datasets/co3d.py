# Pairs of views from the preprocessed CO3Dv2 sequences.
class Co3d:
    def __init__(self, mask_bg=True, *args, ROOT, **kwargs):
        self.ROOT = ROOT
