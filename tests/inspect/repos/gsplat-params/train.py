# Fits 3D Gaussians to the images of one scene.
import os
import sys
import torch
from random import randint
from utils.loss_utils import l1_loss
from scene import Scene, GaussianModel
from argparse import ArgumentParser
from arguments import ModelParams, PipelineParams, OptimizationParams


def training(dataset, opt, pipe, testing_iterations, saving_iterations):
    gaussians = GaussianModel(dataset.sh_degree)
    scene = Scene(dataset, gaussians)
    gaussians.training_setup(opt)
    for iteration in range(1, opt.iterations + 1):
        viewpoint_stack = scene.getTrainCameras().copy()
        image = torch.zeros(3, 8, 8, device="cuda")
        gt_image = torch.zeros(3, 8, 8, device="cuda")
        loss = (1.0 - opt.lambda_dssim) * l1_loss(image, gt_image)
        loss.backward()
        gaussians.optimizer.step()
        gaussians.optimizer.zero_grad(set_to_none=True)


if __name__ == "__main__":
    parser = ArgumentParser(description="Training script parameters")
    lp = ModelParams(parser)
    op = OptimizationParams(parser)
    pp = PipelineParams(parser)
    parser.add_argument('--ip', type=str, default="127.0.0.1")
    parser.add_argument('--port', type=int, default=6009)
    parser.add_argument("--test_iterations", nargs="+", type=int, default=[7_000, 30_000])
    parser.add_argument("--save_iterations", nargs="+", type=int, default=[7_000, 30_000])
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args(sys.argv[1:])
    args.save_iterations.append(args.iterations)
    training(lp.extract(args), op.extract(args), pp.extract(args), args.test_iterations, args.save_iterations)
    print("\nTraining complete.")
