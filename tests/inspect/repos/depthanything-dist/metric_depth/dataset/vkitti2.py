# Virtual KITTI 2 frames and depth.
from torch.utils.data import Dataset


class VKITTI2(Dataset):
    def __init__(self, filelist_path, mode, size=(518, 518)):
        self.mode = mode
