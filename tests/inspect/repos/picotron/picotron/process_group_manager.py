"""Process groups for tensor, pipeline and data parallelism."""


def setup_process_group_manager(tp_size, pp_size, dp_size):
    return (tp_size, pp_size, dp_size)
