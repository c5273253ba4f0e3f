from . import model
from . import data
