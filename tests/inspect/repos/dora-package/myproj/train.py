import dora
import torch


@dora.hydra_main(config_path="../config", config_name="config", version_base="1.1")
def main(cfg):
    model = torch.nn.Linear(cfg.model.dim, cfg.model.dim)
    if cfg.fsdp.use:
        from torch.distributed.fsdp import FullyShardedDataParallel
        model = FullyShardedDataParallel(model)
    opt = torch.optim.AdamW(model.parameters(), lr=cfg.optim.lr)
    for step in range(cfg.optim.updates):
        with torch.autocast("cuda", dtype=getattr(torch, cfg.autocast_dtype), enabled=cfg.autocast):
            loss = model(torch.zeros(cfg.model.dim)).sum()
        loss.backward()
        opt.step()


if __name__ == "__main__":
    main()
