from .arg_parser import build_default_arg_parser
from .torch_tools import set_default_dtype
