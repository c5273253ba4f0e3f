# Entry points of training runs.
