"""Argument parser that reads a JSON file of dataclass fields (fixture)."""
import json


class PdArgumentParser:
    def __init__(self, dataclass_types):
        self.dataclass_types = dataclass_types

    def parse_json_file(self, json_file):
        with open(json_file) as f:
            return json.load(f)
