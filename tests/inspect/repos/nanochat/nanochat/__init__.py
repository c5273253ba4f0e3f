# nanochat package (fixture).
