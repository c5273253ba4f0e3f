from transformers import HfArgumentParser


class ArgumentParserPlus(HfArgumentParser):
    """HfArgumentParser that also reads a YAML file given as the only argument."""

    def parse(self):
        return self.parse_args_into_dataclasses()[0]
