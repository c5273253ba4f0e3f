yolo cfg=default_copy.yaml imgsz=320
