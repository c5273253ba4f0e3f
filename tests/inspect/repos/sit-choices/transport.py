"""Interpolant transport: the training loss of the path chosen."""


def create_transport(path_type='Linear', prediction="velocity", loss_weight=None):
    return None
