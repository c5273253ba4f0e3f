"""ViT-B/16 image classification with Lightning and DeepSpeed ZeRO stage 2."""
import lightning as L
from lightning.pytorch.callbacks import ModelCheckpoint

from src.litvit.module import LitViT
from src.litvit.data import ImageNetData


def main():
    model = LitViT(lr=3e-4, weight_decay=0.05)
    data = ImageNetData("/datasets/imagenet", batch_size=64)
    ckpt = ModelCheckpoint(dirpath="checkpoints/vit", save_top_k=2, monitor="val_acc")
    trainer = L.Trainer(
        max_epochs=300,
        accelerator="gpu",
        devices=4,
        num_nodes=2,
        strategy="deepspeed_stage_2",
        precision="bf16-mixed",
        accumulate_grad_batches=2,
        callbacks=[ckpt],
    )
    trainer.fit(model, datamodule=data)


if __name__ == "__main__":
    main()
