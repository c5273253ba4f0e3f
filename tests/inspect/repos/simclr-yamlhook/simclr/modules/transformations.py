# transformations.py - two random views of an image
import torchvision


class TransformsSimCLR:
    def __init__(self, size):
        self.train_transform = torchvision.transforms.Compose([
            torchvision.transforms.RandomResizedCrop(size=size),
            torchvision.transforms.ToTensor(),
        ])

    def __call__(self, x):
        return self.train_transform(x), self.train_transform(x)
