// Forward numerics of the graph-structure ops and constants against numpy
// (reference.py): name, offload/reload are identities; a checkpoint region
// computes its body; a scan folds tanh(h @ w) over stacked weights and
// stacks every layer's output; constants (splat and dense).
// REQUIRES: numpy
// RUN: remat-run %s --entry=name --seed=1 --save-inputs=%t.name.in --save-outputs=%t.name.out > /dev/null
// RUN: %python %S/../../reference.py identity --in %t.name.in --out %t.name.out
// RUN: remat-run %s --entry=offload_reload --seed=2 --save-inputs=%t.offload_reload.in --save-outputs=%t.offload_reload.out > /dev/null
// RUN: %python %S/../../reference.py identity --in %t.offload_reload.in --out %t.offload_reload.out
// RUN: remat-run %s --entry=checkpoint --seed=3 --save-inputs=%t.checkpoint.in --save-outputs=%t.checkpoint.out > /dev/null
// RUN: %python %S/../../reference.py gelu --approximation tanh --in %t.checkpoint.in --out %t.checkpoint.out
// Weights in [-0.3, 0.3): each layer contracts, errors do not grow. Two
// runs: the carry is updated in place, which must not be the caller's h0
// (the second run would start from the first one's final carry).
// RUN: %python %S/../../reference.py make-input %t.h0.npy --shape 4x8 --low -1 --high 1 --seed 4
// RUN: %python %S/../../reference.py make-input %t.ws.npy --shape 6x8x8 --low -0.3 --high 0.3 --seed 5
// RUN: remat-run %s --entry=scan --repeat=2 --inputs=%t.h0.npy,%t.ws.npy --save-inputs=%t.scan.in --save-outputs=%t.scan.out > /dev/null
// RUN: %python %S/../../reference.py scan_tanh_matmul --in %t.scan.in --out %t.scan.out
// RUN: remat-run %s --entry=splat_constant --seed=5 --save-inputs=%t.splat_constant.in --save-outputs=%t.splat_constant.out > /dev/null
// RUN: %python %S/../../reference.py scale --factor 0.75 --in %t.splat_constant.in --out %t.splat_constant.out
// RUN: remat-run %s --entry=dense_constant --save-outputs=%t.dense_constant.out > /dev/null
// RUN: %python %S/../../reference.py constant --shape 2x3 --values 1,-2,0.25,3.5,0,-7 --in %t.unused --out %t.dense_constant.out

func.func @name(%x: tensor<7x13xf32>) -> tensor<7x13xf32> {
  %y = remat.name %x as "h" : tensor<7x13xf32>
  return %y : tensor<7x13xf32>
}

func.func @offload_reload(%x: tensor<33x65xf32>) -> tensor<33x65xf32> {
  %h = remat.offload %x : tensor<33x65xf32> -> tensor<33x65xf32, #remat.host>
  %y = remat.reload %h : tensor<33x65xf32, #remat.host> -> tensor<33x65xf32>
  return %y : tensor<33x65xf32>
}

func.func @checkpoint(%x: tensor<7x13xf32>) -> tensor<7x13xf32> {
  %y = remat.checkpoint policy <nothing_saveable> -> tensor<7x13xf32> {
    %n = remat.name %x as "x" : tensor<7x13xf32>
    %g = remat.gelu %n tanh : tensor<7x13xf32>
    remat.yield %g : tensor<7x13xf32>
  }
  return %y : tensor<7x13xf32>
}

func.func @scan(%h0: tensor<4x8xf32>, %ws: tensor<6x8x8xf32>) -> (tensor<4x8xf32>, tensor<6x4x8xf32>) {
  %h, %ys = remat.scan mode <none> (%c = %h0 : tensor<4x8xf32>)
      over (%w = %ws : tensor<6x8x8xf32>) -> (tensor<4x8xf32>, tensor<6x4x8xf32>) {
    %m = remat.matmul %c, %w : tensor<4x8xf32>, tensor<8x8xf32> -> tensor<4x8xf32>
    %t = remat.tanh %m : tensor<4x8xf32>
    remat.yield %t, %t : tensor<4x8xf32>, tensor<4x8xf32>
  }
  return %h, %ys : tensor<4x8xf32>, tensor<6x4x8xf32>
}

func.func @splat_constant(%x: tensor<7x13xf32>) -> tensor<7x13xf32> {
  %c = remat.constant dense<0.75> : tensor<7x13xf32>
  %y = remat.mul %x, %c : tensor<7x13xf32>
  return %y : tensor<7x13xf32>
}

func.func @dense_constant() -> tensor<2x3xf32> {
  %c = remat.constant dense<[[1.0, -2.0, 0.25], [3.5, 0.0, -7.0]]> : tensor<2x3xf32>
  return %c : tensor<2x3xf32>
}
