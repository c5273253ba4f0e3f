# utils.py - a small HParams: keyword defaults, then "a=1,b=x" strings parsed over them
class HParams:
    def __init__(self, **kwargs):
        self.__dict__.update(kwargs)

    def parse(self, text):
        for item in text.split(","):
            key, value = item.split("=")
            old = getattr(self, key)
            setattr(self, key, type(old)(value) if not isinstance(old, bool) else value == "True")
        return self
