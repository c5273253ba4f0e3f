"""A configargparse parser: a YAML named by -config gives option values, the command line wins."""
import configargparse as cfargparse


class ArgumentParser(cfargparse.ArgumentParser):
    def __init__(self, config_file_parser_class=cfargparse.YAMLConfigFileParser, **kwargs):
        super().__init__(config_file_parser_class=config_file_parser_class, **kwargs)
