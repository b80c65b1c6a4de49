#!/usr/bin/env python3
"""Exports the networks remat-translate's end-to-end tests import from
PyTorch (Debian's python3-torch 1.13, python3-onnx), with PyTorch's own
forward and backward on the same weights and inputs as the reference:

  make_torch_models.py OUTPUT_DIR

For each network NAME it writes NAME.onnx (exported in training mode, so
that BatchNormalization uses the batch's statistics, as a training step
does), NAME.in<i>.npy (the arguments of the imported function in its
order: the data input, the integer labels, then the parameters in the
order of the ONNX initializers, running statistics left out as the
importer leaves them out), NAME.logits.npy (the forward's output) and
NAME.grad<i>.npy (the outputs of the function remat-autodiff derives
from the import with --loss=cross-entropy: the mean cross-entropy, then
its gradient with respect to the data input and to each parameter).

The files are committed (test/Target/ONNX/Inputs); rerun this script after
changing it. Everything is seeded.
"""
import os
import sys

import numpy as np
import onnx
import torch
import torch.nn.functional as F


class Block(torch.nn.Module):
    """A ResNet basic block: conv-bn-relu, conv-bn, the residual, relu."""

    def __init__(self, c):
        super().__init__()
        self.conv1 = torch.nn.Conv2d(c, c, 3, padding=1, bias=False)
        self.bn1 = torch.nn.BatchNorm2d(c)
        self.conv2 = torch.nn.Conv2d(c, c, 3, padding=1, bias=False)
        self.bn2 = torch.nn.BatchNorm2d(c)

    def forward(self, x):
        y = torch.relu(self.bn1(self.conv1(x)))
        return torch.relu(self.bn2(self.conv2(y)) + x)


class TinyResNet(torch.nn.Module):
    """torchvision's ResNet layer types at toy size: stem conv-bn-relu, max
    pool, one basic block, global average pool, linear classifier."""

    def __init__(self):
        super().__init__()
        self.conv1 = torch.nn.Conv2d(3, 8, 3, padding=1, bias=False)
        self.bn1 = torch.nn.BatchNorm2d(8)
        self.pool = torch.nn.MaxPool2d(2)
        self.block = Block(8)
        self.avgpool = torch.nn.AdaptiveAvgPool2d(1)
        self.fc = torch.nn.Linear(8, 10)

    def forward(self, x):
        x = self.pool(torch.relu(self.bn1(self.conv1(x))))
        x = self.block(x)
        return self.fc(torch.flatten(self.avgpool(x), 1))


class TinyUNet(torch.nn.Module):
    """U-Net's layer types at toy size: a conv-bn-relu encoder level, max
    pool, a bottleneck, a strided transposed convolution (with
    output_padding, so the odd size comes back) concatenated with the skip,
    a decoder conv, global average pool and a linear classifier."""

    def __init__(self):
        super().__init__()
        self.enc = torch.nn.Conv2d(3, 6, 3, padding=1)
        self.bn = torch.nn.BatchNorm2d(6)
        self.pool = torch.nn.MaxPool2d(2)
        self.mid = torch.nn.Conv2d(6, 8, 3, padding=1)
        self.up = torch.nn.ConvTranspose2d(8, 6, 3, stride=2, padding=1,
                                           output_padding=1)
        self.dec = torch.nn.Conv2d(12, 6, 3, padding=1)
        self.fc = torch.nn.Linear(6, 5)

    def forward(self, x):
        skip = torch.relu(self.bn(self.enc(x)))
        y = torch.relu(self.mid(self.pool(skip)))
        y = torch.cat([self.up(y), skip], dim=1)
        y = torch.relu(self.dec(y))
        return self.fc(y.mean(dim=(2, 3)))


class CausalSelfAttention(torch.nn.Module):
    """GPT-2's attention: one projection to q, k, v, heads split by views,
    scores under a causal mask (torch.where over a boolean buffer, as
    Hugging Face's GPT-2 masks them), softmax, heads merged, projection."""

    def __init__(self, d, heads, t):
        super().__init__()
        self.heads = heads
        self.qkv = torch.nn.Linear(d, 3 * d)
        self.proj = torch.nn.Linear(d, d)
        self.register_buffer(
            "mask", torch.tril(torch.ones(t, t, dtype=torch.bool)))

    def forward(self, x):
        b, t, c = x.shape
        h = self.heads
        q, k, v = self.qkv(x).split(c, dim=2)
        q = q.view(b, t, h, c // h).transpose(1, 2)
        k = k.view(b, t, h, c // h).transpose(1, 2)
        v = v.view(b, t, h, c // h).transpose(1, 2)
        att = (q @ k.transpose(-2, -1)) * (1.0 / (c // h) ** 0.5)
        att = torch.where(self.mask[:t, :t], att,
                          torch.tensor(float("-inf")))
        att = F.softmax(att, dim=-1)
        y = (att @ v).transpose(1, 2).reshape(b, t, c)
        return self.proj(y)


class GptBlock(torch.nn.Module):
    """Pre-norm transformer block with GPT-2's tanh GELU."""

    def __init__(self, d, heads, t):
        super().__init__()
        self.ln1 = torch.nn.LayerNorm(d)
        self.attn = CausalSelfAttention(d, heads, t)
        self.ln2 = torch.nn.LayerNorm(d)
        self.fc = torch.nn.Linear(d, 4 * d)
        self.out = torch.nn.Linear(4 * d, d)

    def forward(self, x):
        x = x + self.attn(self.ln1(x))
        return x + self.out(F.gelu(self.fc(self.ln2(x)), approximate="tanh"))


class TinyGpt(torch.nn.Module):
    """GPT-2's layer types at toy size: token and position embeddings, two
    blocks, a final layer norm and a language-model head."""

    def __init__(self, vocab=16, d=16, heads=2, t=8, layers=2):
        super().__init__()
        self.wte = torch.nn.Embedding(vocab, d)
        self.wpe = torch.nn.Embedding(t, d)
        self.blocks = torch.nn.ModuleList(
            [GptBlock(d, heads, t) for _ in range(layers)])
        self.ln_f = torch.nn.LayerNorm(d)
        self.head = torch.nn.Linear(d, vocab, bias=False)

    def forward(self, ids):
        t = ids.shape[1]
        x = self.wte(ids) + self.wpe(torch.arange(t))
        for block in self.blocks:
            x = block(x)
        return self.head(self.ln_f(x))


def export(out, name, net, x, labels, opset=14, double_reference=False):
    net.train()
    path = os.path.join(out, name + ".onnx")
    torch.onnx.export(net, x, path, input_names=["x"],
                      output_names=["logits"], opset_version=opset,
                      training=torch.onnx.TrainingMode.TRAINING,
                      do_constant_folding=False,
                      dynamic_axes={"x": {0: "N"}})
    model = onnx.load(path)
    onnx.checker.check_model(model)
    params = dict(net.named_parameters())
    order = [init.name for init in model.graph.initializer
             if init.name in params]
    save = lambda suffix, t: np.save(os.path.join(out, name + suffix),
                                     t.detach().numpy())
    save(".in0.npy", x)
    save(".in1.npy", labels)
    for i, p in enumerate(order):
        save(".in%d.npy" % (i + 2), params[p])
    # The reference: PyTorch's forward and backward, training mode. Token
    # ids have no gradient: the outputs are then the loss and the
    # parameters' gradients.
    if double_reference:
        # PyTorch's own f32 backward can be the less accurate side: for
        # torchvision's ResNet-18 it is 3% from the f64 gradients (remat's
        # is 1e-5), so the reference is computed in f64 on the same values.
        net = net.double()
        params = dict(net.named_parameters())
        if x.is_floating_point():
            x = x.double()
    differentiable = x.is_floating_point()
    if differentiable:
        x = x.clone().requires_grad_(True)
    logits = net(x)
    loss = F.cross_entropy(logits.reshape(-1, logits.shape[-1]),
                           labels.reshape(-1))
    loss.backward()
    save(".logits.npy", logits)
    save(".grad0.npy", loss)
    if differentiable:
        save(".grad1.npy", x.grad)
    first = 2 if differentiable else 1
    for i, p in enumerate(order):
        save(".grad%d.npy" % (i + first), params[p].grad)


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    torch.manual_seed(0)
    net = TinyResNet()
    x = torch.randn(2, 3, 16, 16)
    labels = torch.tensor([3, 7], dtype=torch.int64)
    export(out, "torch_resnet", net, x, labels)
    torch.manual_seed(2)
    unet = TinyUNet()
    export(out, "torch_unet", unet, torch.randn(2, 3, 10, 10),
           torch.tensor([1, 4], dtype=torch.int64))
    torch.manual_seed(1)
    gpt = TinyGpt()
    ids = torch.randint(0, 16, (2, 8), dtype=torch.int64)
    targets = torch.randint(0, 16, (2, 8), dtype=torch.int64)
    export(out, "torch_gpt", gpt, ids, targets, opset=17)


if __name__ == "__main__":
    main()
