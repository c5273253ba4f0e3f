python -m yolox.tools.train -n yolox-s -d 8 -b 64 --fp16 -o -c yolox_s.pth
