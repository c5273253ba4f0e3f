# training sources (fixture).
