def create_scheduler(args, optimizer):
    return None
