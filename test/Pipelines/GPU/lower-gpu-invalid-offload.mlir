// remat-lower-gpu does not lower offloading yet: each op that moves values
// to or from host memory is named, with what to do instead.
// RUN: remat-opt %s -verify-diagnostics -remat-lower-gpu

func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'remat.offload' op moves values to host memory, which remat-lower-gpu does not lower yet; plan without offloading for the GPU (no allow-offload, no offload mode or policy)}}
  %h = remat.offload %x : tensor<4xf32> -> tensor<4xf32, #remat.host>
  // expected-error @+1 {{'remat.reload' op moves values to host memory}}
  %y = remat.reload %h : tensor<4xf32, #remat.host> -> tensor<4xf32>
  return %y : tensor<4xf32>
}
