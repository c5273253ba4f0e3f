# lit_gpt package (fixture).
