class Exp:
    def __init__(self):
        self.num_classes = 80
        self.depth = 1.00
        self.width = 1.00
        self.data_dir = None
        self.train_ann = "instances_train2017.json"
        self.max_epoch = 300
        self.basic_lr_per_img = 0.01 / 64.0
        self.input_size = (640, 640)
