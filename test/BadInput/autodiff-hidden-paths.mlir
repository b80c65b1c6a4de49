// Paths to the loss that remat-autodiff cannot differentiate are refused,
// never given a zero gradient: through an op without a gradient rule whose
// result is not a static float tensor, through a region op of another
// dialect that reads a differentiated value from outside, and arguments
// whose shape is not static (once silently left out of the gradients).
// RUN: remat-opt %s -split-input-file -verify-diagnostics -remat-autodiff

func.func @cast_to_unranked(%x: tensor<4x8xf32>) -> tensor<f32> {
  %d = tensor.cast %x : tensor<4x8xf32> to tensor<*xf32>
  // expected-error@+1 {{remat-autodiff: no gradient rule for 'tensor.cast', which lies on a path from a differentiated argument to the loss}}
  %s = tensor.cast %d : tensor<*xf32> to tensor<4x8xf32>
  %l = remat.reduce_sum %s dims [0, 1] : tensor<4x8xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// -----

func.func @extract_scalar(%x: tensor<4xf32>) -> tensor<f32> {
  %c0 = arith.constant 0 : index
  %e = tensor.extract %x[%c0] : tensor<4xf32>
  // expected-error@+1 {{remat-autodiff: no gradient rule for 'tensor.from_elements'}}
  %t = tensor.from_elements %e : tensor<f32>
  return %t : tensor<f32>
}

// -----

func.func @execute_region(%x: tensor<4xf32>) -> tensor<f32> {
  // expected-error@+1 {{remat-autodiff: no gradient rule for 'scf.execute_region'}}
  %y = scf.execute_region -> tensor<4xf32> {
    %t = remat.tanh %x : tensor<4xf32>
    scf.yield %t : tensor<4xf32>
  }
  %l = remat.reduce_sum %y dims [0] : tensor<4xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// -----

func.func @execute_region_in_checkpoint(%x: tensor<4xf32>) -> tensor<f32> {
  %c = remat.checkpoint policy <nothing_saveable> -> tensor<4xf32> {
    // expected-error@+1 {{remat-autodiff: no gradient rule for 'scf.execute_region'}}
    %y = scf.execute_region -> tensor<4xf32> {
      %t = remat.tanh %x : tensor<4xf32>
      scf.yield %t : tensor<4xf32>
    }
    remat.yield %y : tensor<4xf32>
  }
  %l = remat.reduce_sum %c dims [0] : tensor<4xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// -----

// expected-error@+1 {{remat-autodiff: argument #0 of @unranked_arg has type 'tensor<*xf32>', whose shape is not static: remat-autodiff builds gradients of tensors with static shapes (give it one, or exclude it with wrt=)}}
func.func @unranked_arg(%x: tensor<*xf32>) -> tensor<f32> {
  %s = tensor.cast %x : tensor<*xf32> to tensor<4x8xf32>
  %l = remat.reduce_sum %s dims [0, 1] : tensor<4x8xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// -----

// expected-error@+1 {{remat-autodiff: argument #1 of @dynamic_arg has type 'tensor<?x8xf32>', whose shape is not static}}
func.func @dynamic_arg(%w: tensor<4x8xf32>, %x: tensor<?x8xf32>) -> tensor<f32> {
  %s = tensor.cast %x : tensor<?x8xf32> to tensor<4x8xf32>
  %m = remat.mul %s, %w : tensor<4x8xf32>
  %l = remat.reduce_sum %m dims [0, 1] : tensor<4x8xf32> -> tensor<f32>
  return %l : tensor<f32>
}
