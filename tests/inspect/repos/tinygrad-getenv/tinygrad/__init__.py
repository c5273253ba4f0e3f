from tinygrad.tensor import Tensor
from tinygrad.device import Device
