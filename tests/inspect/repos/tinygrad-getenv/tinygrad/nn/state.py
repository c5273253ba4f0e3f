def get_parameters(obj): return []
