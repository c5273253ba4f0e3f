yolo detect train data=coco8.yaml model=yolo11n.pt epochs=300 imgsz=640 batch=64 device=0,1,2,3
