# Reads packed token files (fixture).


class PackedDataset:
    def __init__(self, filenames, n_chunks, block_size, seed=42):
        self.filenames = filenames
