from .config import CfgNode, get_cfg
