"""A logger that writes to the console and a file per process."""
import logging


def setup_logger(name, log_level, output_file=None):
    logger = logging.getLogger(name)
    logger.setLevel(log_level)
    if output_file:
        logger.addHandler(logging.FileHandler(output_file))
    return logger
