from sam2.modeling.sam2_base import SAM2Base


class SAM2Train(SAM2Base):
    def __init__(self, image_encoder, memory_attention=None, memory_encoder=None, **kwargs):
        super().__init__(image_encoder, memory_attention, memory_encoder, **kwargs)
