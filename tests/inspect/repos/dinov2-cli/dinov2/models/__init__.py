"""Vision transformers by name (student.arch)."""
from . import vision_transformer as vits


def build_model(args, img_size=224):
    kw = dict(img_size=img_size, patch_size=args.patch_size, drop_path_rate=args.drop_path_rate)
    student = vits.__dict__[args.arch](**kw)
    teacher = vits.__dict__[args.arch](**kw)
    return student, teacher, student.embed_dim


def build_model_from_cfg(cfg):
    return build_model(cfg.student, img_size=cfg.crops.global_crops_size)
