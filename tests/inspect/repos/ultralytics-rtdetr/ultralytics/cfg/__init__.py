"""`yolo TASK MODE key=value ...`: the arguments override ultralytics/cfg/default.yaml."""
import sys
from pathlib import Path

import yaml

DEFAULT_CFG_PATH = Path(__file__).resolve().parent / "default.yaml"
MODES = {"train", "val", "predict", "export", "track", "benchmark"}
TASKS = {"detect", "segment", "classify", "pose", "obb"}


def entrypoint(debug=""):
    args = (debug.split(" ") if debug else sys.argv)[1:]
    overrides = {}
    for a in args:
        if "=" in a:
            k, v = a.split("=", 1)
            overrides[k] = yaml.safe_load(v)
        elif a in TASKS:
            overrides["task"] = a
        elif a in MODES:
            overrides["mode"] = a
    cfg = yaml.safe_load(DEFAULT_CFG_PATH.read_text())
    cfg.update(overrides)
    from ultralytics import YOLO

    model = YOLO(cfg.pop("model") or "yolo11n.pt", task=cfg.get("task"))
    getattr(model, cfg.pop("mode"))(**cfg)
