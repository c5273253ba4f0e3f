import tomllib


def load_settings(path):
    with open(path, "rb") as f:
        return type("Cfg", (), tomllib.load(f))
