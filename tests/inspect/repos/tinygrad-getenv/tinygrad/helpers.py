from __future__ import annotations
import os, functools


@functools.lru_cache(maxsize=None)
def getenv(key:str, default=0): return type(default)(os.getenv(key, default))


DEBUG, IMAGE, BEAM = getenv("DEBUG"), getenv("IMAGE"), getenv("BEAM")
