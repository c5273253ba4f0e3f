model = dict(type='DetN', depth_multiple=0.33, width_multiple=0.25)
solver = dict(optim='SGD', lr0=0.02, momentum=0.937)
