# lavis package (fixture).
