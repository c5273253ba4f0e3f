from ultralytics.models import YOLO
