# Image folder loader (fixture).


def load_data(data_dir, batch_size, image_size):
    return iter(())
