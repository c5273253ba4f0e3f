# The scene: cameras read from a COLMAP or Blender folder, and the Gaussians fitted to them.
import os
from scene.gaussian_model import GaussianModel


class Scene:
    def __init__(self, args, gaussians: GaussianModel, load_iteration=None, shuffle=True):
        self.model_path = args.model_path
        self.gaussians = gaussians
        if os.path.exists(os.path.join(args.source_path, "sparse")):
            self.kind = "Colmap"
        else:
            self.kind = "Blender"
        self.train_cameras = []

    def getTrainCameras(self, scale=1.0):
        return self.train_cameras
