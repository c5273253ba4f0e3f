# single.py - one process, no wrapper
class SinlgeNodeBackend:
    def __init__(self, args):
        self.rank = 0

    def get_adjusted_args_for_process(self, args):
        return args

    def transform_model(self, model):
        return model

    def get_raw_model(self, model):
        return model

    def finalize(self):
        pass
