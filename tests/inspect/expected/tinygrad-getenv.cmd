BS=1024 STEPS=1500 python3 examples/hlb_cifar10.py
