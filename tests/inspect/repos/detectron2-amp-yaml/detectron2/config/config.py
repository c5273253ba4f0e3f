from fvcore.common.config import CfgNode as _CfgNode


class CfgNode(_CfgNode):
    pass


def get_cfg() -> CfgNode:
    from .defaults import _C

    return _C.clone()
