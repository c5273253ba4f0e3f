# utils.py - the model class chosen by --model
from .base import GPTBase
from .llama import Llama


def get_model(args):
    """ Return the right model """
    if args.model == 'base':
        model = GPTBase(args)
        return model
    elif args.model == 'llama2':
        model = Llama(args)
        return model
    else:
        raise KeyError(f"Unknown model '{args.model}'.")
