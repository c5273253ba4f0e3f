"""Token files on disk (fixture)."""


class TokenFiles:
    def __init__(self, root):
        self.root = root

    def batch(self, n):
        return {}
