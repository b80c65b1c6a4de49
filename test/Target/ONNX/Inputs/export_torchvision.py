#!/usr/bin/env python3
"""Exports a torchvision network at test time (its weights are too large to
commit) with PyTorch's f64 forward and backward as the reference, in the
layout make_torch_models.py documents:

  export_torchvision.py OUTPUT_DIR resnet18|mobilenet_v2

torchvision.models.NAME(weights=None, num_classes=10), seeded, in training
mode, batch 2 of 64 x 64 images with labels 3 and 7. MobileNetV2's
classifier dropout is set to 0: a training-mode dropout draws a random
mask, which PyTorch and remat draw differently.
"""
import os
import sys

import torch
import torchvision

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import make_torch_models  # noqa: E402


def main():
    out, name = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    torch.manual_seed(0)
    if name == "resnet18":
        net = torchvision.models.resnet18(weights=None, num_classes=10)
    elif name == "mobilenet_v2":
        net = torchvision.models.mobilenet_v2(weights=None, num_classes=10,
                                              dropout=0.0)
    else:
        sys.exit("export_torchvision.py: unknown network '%s'" % name)
    x = torch.randn(2, 3, 64, 64)
    labels = torch.tensor([3, 7], dtype=torch.int64)
    make_torch_models.export(out, name, net, x, labels,
                             double_reference=True)


if __name__ == "__main__":
    main()
