# The training loop: every setting comes from the YAML dictionary main.py loaded.
import torch
from torch.nn.parallel import DistributedDataParallel

import src.models.vision_transformer as vit
from src.datasets import make_imagenet1k


def main(args, resume_preempt=False):
    # -- META
    use_bfloat16 = args['meta']['use_bfloat16']
    model_name = args['meta']['model_name']
    pred_depth = args['meta']['pred_depth']
    patch_size = args['mask']['patch_size']
    # -- DATA
    batch_size = args['data']['batch_size']
    root_path = args['data']['root_path']
    image_folder = args['data']['image_folder']
    crop_size = args['data']['crop_size']
    # -- OPTIMIZATION
    wd = float(args['optimization']['weight_decay'])
    num_epochs = args['optimization']['epochs']
    lr = args['optimization']['lr']

    encoder = vit.__dict__[model_name](img_size=[crop_size], patch_size=patch_size)
    predictor = vit.__dict__['vit_predictor'](depth=pred_depth)
    encoder = DistributedDataParallel(encoder.cuda(), static_graph=True)
    predictor = DistributedDataParallel(predictor.cuda(), static_graph=True)
    loader = make_imagenet1k(batch_size=batch_size, root_path=root_path, image_folder=image_folder)
    opt = torch.optim.AdamW(list(encoder.parameters()) + list(predictor.parameters()), lr=lr, weight_decay=wd)
    scaler = torch.cuda.amp.GradScaler() if use_bfloat16 else None
    for epoch in range(num_epochs):
        for imgs in loader:
            with torch.cuda.amp.autocast(dtype=torch.bfloat16, enabled=use_bfloat16):
                loss = encoder(imgs.cuda()).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
