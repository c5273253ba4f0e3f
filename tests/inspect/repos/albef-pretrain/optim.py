def create_optimizer(args, model):
    return None
