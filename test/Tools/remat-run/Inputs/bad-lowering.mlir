// An op the CPU pipeline has no lowering for: a GPU thread id on the host.
func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  %i = gpu.thread_id x
  %f = arith.index_cast %i : index to i64
  %g = arith.sitofp %f : i64 to f32
  %c = tensor.insert %g into %a[%i] : tensor<4xf32>
  return %c : tensor<4xf32>
}
