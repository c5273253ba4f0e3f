# llava package (fixture).
