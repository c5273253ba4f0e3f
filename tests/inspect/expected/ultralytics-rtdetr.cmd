yolo train model=rtdetr-l.pt data=coco8.yaml epochs=72 imgsz=640 batch=16 amp=False device=0,1
