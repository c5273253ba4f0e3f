from .build import get_exp
