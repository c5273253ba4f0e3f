# load_blender.py - the synthetic Blender scenes (transforms_{train,val,test}.json + PNG frames)
import json
import os

import numpy as np


def load_blender_data(basedir, half_res=False, testskip=1):
    splits = ['train', 'val', 'test']
    metas = {}
    for s in splits:
        with open(os.path.join(basedir, 'transforms_{}.json'.format(s)), 'r') as fp:
            metas[s] = json.load(fp)
    return None, None, None, None, [[0], [1], [2]]
