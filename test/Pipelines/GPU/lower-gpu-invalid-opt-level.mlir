// remat-lower-gpu refuses an optimization level above 3 before it starts
// (MLIR's NVVM pipeline would report "Invalid optimization level" only at
// the end, on each kernel module, printing the whole module after it).
// RUN: remat-opt %s -verify-diagnostics -remat-lower-gpu="opt-level=4"

// expected-error @+1 {{remat-lower-gpu: opt-level=4 is out of range; expected 0 to 3}}
module {
  func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
    %y = remat.relu %x : tensor<4xf32>
    return %y : tensor<4xf32>
  }
}
