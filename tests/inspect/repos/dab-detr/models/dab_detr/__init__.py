from .dab_detr import build_dab_detr
