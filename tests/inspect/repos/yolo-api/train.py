"""Fine-tunes a YOLO detector on our parcels dataset."""
from ultralytics import YOLO


def main():
    model = YOLO("yolov8s.pt")
    model.train(data="data/parcels.yaml", epochs=150, imgsz=1024, batch=32, lr0=0.005, device=[0, 1], workers=8)
    model.val()


if __name__ == "__main__":
    main()
