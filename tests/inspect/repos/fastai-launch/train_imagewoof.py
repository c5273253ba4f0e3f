# Trains an xresnet on Imagewoof with fastai; options are the parameters of main() (own fixture).
from fastai.vision.all import *
from fastai.distributed import *
from fastcore.script import *


def get_dls(size, woof, bs, workers=None):
    path = untar_data(URLs.IMAGEWOOF_320 if woof else URLs.IMAGENETTE_320)
    return ImageDataLoaders.from_folder(path, valid="val", item_tfms=Resize(size), bs=bs, num_workers=workers)


@call_parse
def main(
    lr:     Param("Learning rate", float)=1e-2,
    size:   Param("Image size in pixels", int)=128,
    mom:    Param("Momentum", float)=0.9,
    epochs: Param("Number of epochs", int)=5,
    bs:     Param("Batch size", int)=64,
    woof:   Param("Use Imagewoof instead of Imagenette", int)=1,
    arch:   Param("Architecture", str)='xresnet50',
    fp16:   Param("Use mixed precision training", store_true)=False,
    workers:Param("Number of workers", int)=None,
):
    dls = get_dls(size, woof, bs, workers)
    m = globals()[arch]
    learn = Learner(dls, m(n_out=10), opt_func=ranger, metrics=[accuracy])
    if fp16:
        learn = learn.to_fp16()
    with learn.distrib_ctx():
        learn.fit_flat_cos(epochs, lr, wd=1e-2)
