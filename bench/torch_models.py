#!/usr/bin/python3
"""The example models in PyTorch: the peer of remat's CPU training steps.

examples/mlp.mlir, examples/transformer.mlir and examples/convnet.mlir,
op for op with the same shapes and the same math (tanh GELU, layer norm
without affine where the remat op has none, training-mode batch norm, mean
cross-entropy, the same constant scales). A training step is what
`remat-opt -remat-autodiff` makes of the function and `remat-run
--entry=<model>_grad` calls: the loss and its gradients with respect to
every float argument (the input and all parameters), here
torch.autograd.grad of the forward. Arguments are uniform in [-1, 1) like
remat-run's (labels uniform over the classes).

  /usr/bin/python3 bench/torch_models.py mlp [--repeat 20] [--threads 1]

With --check PREFIX, runs one step on the arguments remat-run saved
(--save-inputs=PREFIX.in --save-outputs=PREFIX.out: the input, the labels,
then the parameters; the loss, then the gradients of the input and of each
parameter) and prints the largest difference of each output relative to
its largest magnitude: the evidence that both sides compute the same step.

Otherwise prints one line: "<model> torch <version> threads <n>: min <ms> ms,
median <ms> ms over <repeat> steps; cpu time min <ms> ms, median <ms> ms"
(after three warm-up steps; CPU time of the whole process, which excludes
waiting for other processes on a shared machine).
"""

import argparse
import time

import torch
import torch.nn.functional as F


def uniform(*shape):
    return torch.rand(*shape) * 2 - 1


def mlp_args():
    x = uniform(1024, 256)
    labels = torch.randint(0, 10, (1024,))
    params = [uniform(256, 512), uniform(512), uniform(512, 512), uniform(512),
              uniform(512, 256), uniform(256), uniform(256, 10), uniform(10)]
    return [x] + params, labels


def mlp(args, labels):
    x, w1, b1, w2, b2, w3, b3, w4, b4 = args
    h = F.gelu(F.layer_norm(x @ w1 * 0.0625 + b1, (512,), eps=1e-5),
               approximate="tanh")
    h = F.gelu(F.layer_norm(h @ w2 * 0.044 + b2, (512,), eps=1e-5),
               approximate="tanh")
    h = F.gelu(F.layer_norm(h @ w3 * 0.044 + b3, (256,), eps=1e-5),
               approximate="tanh")
    logits = h @ w4 * 0.0625 + b4
    return F.cross_entropy(logits, labels)


def transformer_args():
    x = uniform(1024, 256)
    labels = torch.randint(0, 512, (1024,))
    params = []
    for _ in range(2):
        params += [uniform(256), uniform(256),              # g1, e1
                   uniform(256, 256), uniform(256, 256),    # wq, wk
                   uniform(256, 256), uniform(256, 256),    # wv, wo
                   uniform(256), uniform(256),              # g2, e2
                   uniform(256, 1024), uniform(1024),       # w1, bb1
                   uniform(1024, 256), uniform(256)]        # w2, bb2
    params.append(uniform(256, 512))                        # wout
    return [x] + params, labels


def heads(t):
    """[1024, 256] -> [4, 4, 256, 64]: reshape [4, 256, 4, 64], swap 1, 2."""
    return t.reshape(4, 256, 4, 64).permute(0, 2, 1, 3)


def transformer(args, labels):
    x = args[0]
    for layer in range(2):
        g1, e1, wq, wk, wv, wo, g2, e2, w1, bb1, w2, bb2 = \
            args[1 + 12 * layer:13 + 12 * layer]
        n1 = F.layer_norm(x, (256,), g1, e1, eps=1e-5)
        q = heads(n1 @ wq * 0.0625)
        k = heads(n1 @ wk * 0.0625)
        v = heads(n1 @ wv * 0.0625)
        p = torch.softmax(q @ k.transpose(2, 3) * 0.125, dim=3)
        a = (p @ v).permute(0, 2, 1, 3).reshape(1024, 256)
        h = x + a @ wo * 0.0625
        n2 = F.layer_norm(h, (256,), g2, e2, eps=1e-5)
        m = F.gelu(n2 @ w1 * 0.0625 + bb1, approximate="tanh")
        x = h + (m @ w2 * 0.03125 + bb2)
    nf = F.layer_norm(x, (256,), eps=1e-5)
    return F.cross_entropy(nf @ args[25] * 0.0625, labels)


def convnet_args():
    x = uniform(16, 3, 32, 32)
    labels = torch.randint(0, 10, (16,))
    params = [uniform(16, 3, 3, 3), uniform(16), uniform(16),
              uniform(16, 16, 3, 3), uniform(16), uniform(16),
              uniform(32, 16, 3, 3), uniform(32), uniform(32),
              uniform(512, 10)]
    return [x] + params, labels


def convnet(args, labels):
    x, k1, g1, e1, k2, g2, e2, k3, g3, e3, wfc = args

    def bn(t, g, e):
        return F.batch_norm(t, None, None, g, e, training=True, eps=1e-5)

    r1 = F.relu(bn(F.conv2d(x, k1, padding=1), g1, e1))
    s2 = bn(F.conv2d(r1, k2, padding=1), g2, e2) + r1
    p2 = F.max_pool2d(F.relu(s2), 2)
    r3 = F.relu(bn(F.conv2d(p2, k3, stride=2, padding=1), g3, e3))
    f = F.avg_pool2d(r3, 2).reshape(16, 512)
    return F.cross_entropy(f @ wfc * 0.044, labels)


def check(model, forward, count, prefix):
    """Compares one step with remat-run's saved arguments and results."""
    import numpy as np
    saved = [np.load("%s.in%d.npy" % (prefix, i)) for i in range(count + 1)]
    labels = torch.from_numpy(saved[1].astype(np.int64))
    inputs = [torch.from_numpy(a).requires_grad_(True)
              for a in saved[:1] + saved[2:]]
    loss = forward(inputs, labels)
    ours = [loss] + list(torch.autograd.grad(loss, inputs))
    worst = 0.0
    for i, mine in enumerate(ours):
        theirs = np.load("%s.out%d.npy" % (prefix, i)).astype(np.float64)
        mine = mine.detach().numpy().astype(np.float64)
        diff = np.abs(mine - theirs).max() / max(np.abs(mine).max(), 1e-30)
        worst = max(worst, diff)
    print("%s: %d outputs, largest relative difference to PyTorch %.2e"
          % (model, len(ours), worst))


MODELS = {
    "mlp": (mlp_args, mlp),
    "transformer": (transformer_args, transformer),
    "convnet": (convnet_args, convnet),
}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("model", choices=sorted(MODELS))
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--check", metavar="PREFIX",
                        help="compare with remat-run's saved tensors")
    args = parser.parse_args()
    torch.set_num_threads(args.threads)
    torch.manual_seed(0)
    make_args, forward = MODELS[args.model]
    inputs, labels = make_args()
    if args.check:
        return check(args.model, forward, len(inputs), args.check)
    for tensor in inputs:
        tensor.requires_grad_(True)

    def step():
        loss = forward(inputs, labels)
        return loss, torch.autograd.grad(loss, inputs)

    for _ in range(3):
        step()
    times, cpu_times = [], []
    for _ in range(args.repeat):
        start, cpu_start = time.perf_counter(), time.process_time()
        step()
        cpu_times.append((time.process_time() - cpu_start) * 1e3)
        times.append((time.perf_counter() - start) * 1e3)
    times.sort()
    cpu_times.sort()
    print("%s torch %s threads %d: min %.3f ms, median %.3f ms over %d "
          "steps; cpu time min %.3f ms, median %.3f ms"
          % (args.model, torch.__version__, torch.get_num_threads(), times[0],
             times[len(times) // 2], args.repeat, cpu_times[0],
             cpu_times[len(cpu_times) // 2]))


if __name__ == "__main__":
    main()
