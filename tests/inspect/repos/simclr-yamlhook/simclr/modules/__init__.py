from .nt_xent import NT_Xent
from .resnet import get_resnet
