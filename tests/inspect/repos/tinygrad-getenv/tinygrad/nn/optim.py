def SGD(params, lr=0.001, momentum=0.0, weight_decay=0.0, nesterov=False, classic=False): return None
