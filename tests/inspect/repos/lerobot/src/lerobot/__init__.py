# lerobot package (fixture).
