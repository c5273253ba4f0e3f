# llama_cookbook package (fixture).
