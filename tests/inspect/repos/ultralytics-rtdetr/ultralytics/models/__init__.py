from ultralytics.engine.model import Model as YOLO
