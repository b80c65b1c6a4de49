// Dynamic and unranked shapes reaching remat-rematerialize (through foreign
// ops, in arguments, in checkpoint bodies): the first value whose size is
// unknown is named, as an argument or an op's result.
// RUN: remat-opt %s -split-input-file -verify-diagnostics -remat-rematerialize="budget=1MiB solver=greedy"

// dynamic argument, cast to static before the remat ops
// expected-error @+1 {{argument #0 has dynamic shape 'tensor<?x8xf32>'; remat plans memory for statically shaped values only: make the shape static (e.g. specialize the function)}}
func.func @f(%x: tensor<?x8xf32>) -> tensor<f32> {
  %s = tensor.cast %x : tensor<?x8xf32> to tensor<4x8xf32>
  %l = remat.reduce_sum %s dims [0, 1] : tensor<4x8xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// -----

// static argument, dynamic in the middle
func.func @f(%x: tensor<4x8xf32>) -> tensor<f32> {
  // expected-error @+1 {{result #0 has dynamic shape 'tensor<?x8xf32>'; remat plans memory for statically shaped values only: make the shape static (e.g. specialize the function)}}
  %d = tensor.cast %x : tensor<4x8xf32> to tensor<?x8xf32>
  %e = math.exp %d : tensor<?x8xf32>
  %s = tensor.cast %e : tensor<?x8xf32> to tensor<4x8xf32>
  %l = remat.reduce_sum %s dims [0, 1] : tensor<4x8xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// -----

// unranked argument
// expected-error @+1 {{argument #0 has dynamic shape 'tensor<*xf32>'; remat plans memory for statically shaped values only: make the shape static (e.g. specialize the function)}}
func.func @f(%x: tensor<*xf32>) -> tensor<f32> {
  %s = tensor.cast %x : tensor<*xf32> to tensor<4x8xf32>
  %l = remat.reduce_sum %s dims [0, 1] : tensor<4x8xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// -----

// unranked in the middle
func.func @f(%x: tensor<4x8xf32>) -> tensor<f32> {
  // expected-error @+1 {{result #0 has dynamic shape 'tensor<*xf32>'; remat plans memory for statically shaped values only: make the shape static (e.g. specialize the function)}}
  %d = tensor.cast %x : tensor<4x8xf32> to tensor<*xf32>
  %s = tensor.cast %d : tensor<*xf32> to tensor<4x8xf32>
  %l = remat.reduce_sum %s dims [0, 1] : tensor<4x8xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// -----

// dynamic loss
func.func @f(%x: tensor<4x8xf32>) -> tensor<?xf32> {
  // expected-error @+1 {{result #0 has dynamic shape 'tensor<?x8xf32>'; remat plans memory for statically shaped values only: make the shape static (e.g. specialize the function)}}
  %d = tensor.cast %x : tensor<4x8xf32> to tensor<?x8xf32>
  %c = tensor.collapse_shape %d [[0, 1]] : tensor<?x8xf32> into tensor<?xf32>
  return %c : tensor<?xf32>
}

// -----

// dynamic tensor.empty inside a checkpoint body
func.func @f(%x: tensor<4x8xf32>, %n: index) -> tensor<f32> {
  %c = remat.checkpoint policy <nothing_saveable> -> tensor<4x8xf32> {
    // expected-error @+1 {{result #0 has dynamic shape 'tensor<?x8xf32>'; remat plans memory for statically shaped values only: make the shape static (e.g. specialize the function)}}
    %e = tensor.empty(%n) : tensor<?x8xf32>
    %t = remat.tanh %x : tensor<4x8xf32>
    remat.yield %t : tensor<4x8xf32>
  }
  %l = remat.reduce_sum %c dims [0, 1] : tensor<4x8xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// -----

// dynamic argument not used by the loss
// expected-error @+1 {{argument #1 has dynamic shape 'tensor<?xf32>'; remat plans memory for statically shaped values only: make the shape static (e.g. specialize the function)}}
func.func @f(%x: tensor<4x8xf32>, %y: tensor<?xf32>) -> tensor<f32> {
  %l = remat.reduce_sum %x dims [0, 1] : tensor<4x8xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// -----

// unranked loss
func.func @f(%x: tensor<4x8xf32>) -> tensor<*xf32> {
  %l = remat.reduce_sum %x dims [0, 1] : tensor<4x8xf32> -> tensor<f32>
  // expected-error @+1 {{result #0 has dynamic shape 'tensor<*xf32>'; remat plans memory for statically shaped values only: make the shape static (e.g. specialize the function)}}
  %c = tensor.cast %l : tensor<f32> to tensor<*xf32>
  return %c : tensor<*xf32>
}

// -----

// dynamic second result named as the loss
func.func @f(%x: tensor<4x8xf32>) -> (tensor<f32>, tensor<?x8xf32>) {
  %l = remat.reduce_sum %x dims [0, 1] : tensor<4x8xf32> -> tensor<f32>
  // expected-error @+1 {{result #0 has dynamic shape 'tensor<?x8xf32>'; remat plans memory for statically shaped values only: make the shape static (e.g. specialize the function)}}
  %c = tensor.cast %x : tensor<4x8xf32> to tensor<?x8xf32>
  return %l, %c : tensor<f32>, tensor<?x8xf32>
}

// -----

// arith on dynamic tensors on the path to the loss
func.func @f(%x: tensor<4x8xf32>) -> tensor<f32> {
  // expected-error @+1 {{result #0 has dynamic shape 'tensor<?x8xf32>'; remat plans memory for statically shaped values only: make the shape static (e.g. specialize the function)}}
  %d = tensor.cast %x : tensor<4x8xf32> to tensor<?x8xf32>
  %e = arith.mulf %d, %d : tensor<?x8xf32>
  %s = tensor.cast %e : tensor<?x8xf32> to tensor<4x8xf32>
  %l = remat.reduce_sum %s dims [0, 1] : tensor<4x8xf32> -> tensor<f32>
  return %l : tensor<f32>
}
