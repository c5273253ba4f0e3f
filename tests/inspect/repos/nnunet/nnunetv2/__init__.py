# Self-configuring segmentation framework.
