# Diffusion package (fixture).
