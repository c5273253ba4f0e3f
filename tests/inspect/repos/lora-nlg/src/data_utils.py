class FT_Dataset(object):
    def __init__(self, ft_file, batch_size, max_seq_length):
        self.ft_file = ft_file
