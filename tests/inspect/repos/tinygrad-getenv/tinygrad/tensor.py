class Tensor:
  training = False
  def __init__(self, data, device=None, requires_grad=None): self.data = data
  def backward(self): return self
