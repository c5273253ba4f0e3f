_base_ = ['../_base_/datasets/coco_detection.py', '../_base_/schedules/schedule_1x.py']
model = dict(type='RetinaNet')
optim_wrapper = dict(optimizer=dict(lr=0.01))
