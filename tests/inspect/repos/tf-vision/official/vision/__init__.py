# Vision models of the model garden.
