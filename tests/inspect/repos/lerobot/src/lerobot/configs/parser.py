# Decorator that parses the command line into the function's dataclass argument (fixture).
import functools

import draccus


def wrap():
    def deco(fn):
        @functools.wraps(fn)
        def inner(*args, **kwargs):
            cls = fn.__annotations__["cfg"]
            cfg = draccus.parse(config_class=cls)
            return fn(cfg, *args, **kwargs)

        return inner

    return deco
