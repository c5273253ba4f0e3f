# Package of the training framework.
