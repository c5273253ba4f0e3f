"""`yolo TASK MODE key=value ...`: the arguments override ultralytics/cfg/default.yaml; `cfg=FILE`
replaces the defaults with that file's settings (keys it lacks keep default.yaml's), and the other
key=value words still win over it."""
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
    if "cfg" in overrides:
        custom = yaml.safe_load(Path(overrides.pop("cfg")).read_text())
        cfg.update({k: v for k, v in custom.items() if k != "cfg"})
    cfg.update(overrides)
    from ultralytics import YOLO

    model = YOLO(cfg.pop("model") or "yolo11n.pt", task=cfg.get("task"))
    getattr(model, cfg.pop("mode"))(**cfg)
