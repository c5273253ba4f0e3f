# Dataset settings (fixture).
from dataclasses import dataclass


@dataclass
class DatasetConfig:
    repo_id: str
    root: str | None = None
    episodes: list[int] | None = None
    video_backend: str = "pyav"
