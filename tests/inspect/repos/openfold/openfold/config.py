# Model configurations by preset name (model_config(name) returns the settings of that preset).
def model_config(name, train=False, low_prec=False):
    c = {"globals": {"c_z": 128, "c_m": 256}, "data": {"train": {"crop_size": 256}}}
    if name == "initial_training":
        pass
    elif name == "finetuning":
        c["data"]["train"]["crop_size"] = 384
    return c
