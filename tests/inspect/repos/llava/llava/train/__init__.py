# training (fixture).
