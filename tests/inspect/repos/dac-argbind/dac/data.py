class AudioDataset:
    def __init__(self, loaders, sample_rate, n_examples=1000, duration=0.5):
        self.loaders = loaders


class AudioLoader:
    def __init__(self, sources=None):
        self.sources = sources
