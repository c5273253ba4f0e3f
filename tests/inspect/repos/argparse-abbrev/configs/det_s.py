model = dict(type='DetS', depth_multiple=0.33, width_multiple=0.50)
solver = dict(optim='SGD', lr0=0.01, momentum=0.937)
