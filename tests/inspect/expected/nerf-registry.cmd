ns-train splatfacto --data data/garden --max-num-iterations 30000
