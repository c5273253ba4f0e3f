# Defaults of the noisy-image classifier and the helper that makes options of them (fixture).


def diffusion_defaults():
    return dict(learn_sigma=False, diffusion_steps=1000, noise_schedule="linear")


def classifier_defaults():
    return dict(
        image_size=64,
        classifier_use_fp16=False,
        classifier_width=128,
        classifier_depth=2,
        classifier_pool="attention",
    )


def classifier_and_diffusion_defaults():
    res = classifier_defaults()
    res.update(diffusion_defaults())
    return res


def add_dict_to_argparser(parser, default_dict):
    for k, v in default_dict.items():
        parser.add_argument(f"--{k}", default=v, type=type(v))
