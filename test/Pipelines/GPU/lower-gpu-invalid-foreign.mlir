// An op on tensors that neither remat's lowering nor bufferization knows is
// named, with the pipeline that cannot lower it.
// RUN: remat-opt %s -verify-diagnostics -allow-unregistered-dialect -remat-lower-gpu

func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @below {{'foo.bar' op on tensors cannot be lowered by remat-lower-gpu}}
  %y = "foo.bar"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}
