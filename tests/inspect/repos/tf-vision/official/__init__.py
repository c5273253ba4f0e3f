# Package of the model garden.
