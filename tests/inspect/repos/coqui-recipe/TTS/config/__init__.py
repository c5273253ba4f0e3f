from dataclasses import dataclass


@dataclass
class BaseDatasetConfig:
    formatter: str = ""
    dataset_name: str = ""
    path: str = ""
    meta_file_train: str = ""
    language: str = ""
