class Conv2d:
  def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, bias=True): pass
class BatchNorm:
  def __init__(self, sz, eps=1e-5, affine=True, track_running_stats=True, momentum=0.1): pass
