from .dab_detr import build_dab_detr
from .dab_deformable_detr import build_dab_deformable_detr
