from .entry_point import cli
