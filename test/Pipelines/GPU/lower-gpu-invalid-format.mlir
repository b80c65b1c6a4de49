// remat-lower-gpu refuses a binary format it does not take before it starts
// (MLIR's gpu-module-to-binary reports an unknown one, then goes on and
// succeeds).
// RUN: remat-opt %s -verify-diagnostics -remat-lower-gpu="format=elf"

// expected-error @+1 {{remat-lower-gpu: unknown format 'elf'; expected isa (PTX), bin (cubin) or fatbin}}
module {
  func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
    %y = remat.relu %x : tensor<4xf32>
    return %y : tensor<4xf32>
  }
}
