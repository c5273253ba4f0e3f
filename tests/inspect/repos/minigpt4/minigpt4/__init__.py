# package (fixture).
