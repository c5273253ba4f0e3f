import csv

from torch.utils.data import Dataset


class WebVid10M(Dataset):
    def __init__(self, csv_path, video_folder, sample_size=256, sample_stride=4, sample_n_frames=16, is_image=False):
        with open(csv_path) as f:
            self.rows = list(csv.DictReader(f))
        self.video_folder = video_folder
