// Foreign ops (arith, math, linalg, tensor, scf, an unregistered dialect) on
// the path from a differentiated argument to the loss, at top level and in
// checkpoint and scan bodies: remat-autodiff names the op it has no gradient
// rule for.
// RUN: remat-opt %s -split-input-file -verify-diagnostics -allow-unregistered-dialect -remat-autodiff=functions=f

// math.atan on the path to the loss
func.func @f(%x: tensor<4xf32>) -> tensor<f32> {
  // expected-error @+1 {{remat-autodiff: no gradient rule for 'math.atan', which lies on a path from a differentiated argument to the loss (differentiate fewer arguments with wrt=, or express it with remat ops)}}
  %a = math.atan %x : tensor<4xf32>
  %l = remat.reduce_sum %a dims [0] : tensor<4xf32> -> tensor<f32>
  return %l : tensor<f32>
}
// -----
// arith.divf on the path to the loss
func.func @f(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<f32> {
  // expected-error @+1 {{remat-autodiff: no gradient rule for 'arith.divf', which lies on a path from a differentiated argument to the loss (differentiate fewer arguments with wrt=, or express it with remat ops)}}
  %a = arith.divf %x, %y : tensor<4xf32>
  %l = remat.reduce_sum %a dims [0] : tensor<4xf32> -> tensor<f32>
  return %l : tensor<f32>
}
// -----
// a linalg.generic on the path to the loss
#id = affine_map<(d0) -> (d0)>
func.func @f(%x: tensor<4xf32>) -> tensor<f32> {
  %e = tensor.empty() : tensor<4xf32>
  // expected-error @+1 {{remat-autodiff: no gradient rule for 'linalg.generic', which lies on a path from a differentiated argument to the loss (differentiate fewer arguments with wrt=, or express it with remat ops)}}
  %g = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%a: f32, %b: f32):
    %m = arith.mulf %a, %a : f32
    linalg.yield %m : f32
  } -> tensor<4xf32>
  %l = remat.reduce_sum %g dims [0] : tensor<4xf32> -> tensor<f32>
  return %l : tensor<f32>
}
// -----
// tensor.extract_slice on the path to the loss
func.func @f(%x: tensor<8xf32>) -> tensor<f32> {
  // expected-error @+1 {{remat-autodiff: no gradient rule for 'tensor.extract_slice', which lies on a path from a differentiated argument to the loss (differentiate fewer arguments with wrt=, or express it with remat ops)}}
  %s = tensor.extract_slice %x[0] [4] [1] : tensor<8xf32> to tensor<4xf32>
  %l = remat.reduce_sum %s dims [0] : tensor<4xf32> -> tensor<f32>
  return %l : tensor<f32>
}
// -----
// an scf.for carrying the value to the loss
func.func @f(%x: tensor<4xf32>) -> tensor<f32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  // expected-error @+1 {{remat-autodiff: no gradient rule for 'scf.for', which lies on a path from a differentiated argument to the loss (differentiate fewer arguments with wrt=, or express it with remat ops)}}
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%a = %x) -> (tensor<4xf32>) {
    %t = remat.tanh %a : tensor<4xf32>
    scf.yield %t : tensor<4xf32>
  }
  %l = remat.reduce_sum %r dims [0] : tensor<4xf32> -> tensor<f32>
  return %l : tensor<f32>
}
// -----
// arith.select between two differentiated values
func.func @f(%c: i1, %x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<f32> {
  // expected-error @+1 {{remat-autodiff: no gradient rule for 'arith.select', which lies on a path from a differentiated argument to the loss (differentiate fewer arguments with wrt=, or express it with remat ops)}}
  %s = arith.select %c, %x, %y : tensor<4xf32>
  %l = remat.reduce_sum %s dims [0] : tensor<4xf32> -> tensor<f32>
  return %l : tensor<f32>
}
// -----
// math.powf inside a checkpoint body
func.func @f(%x: tensor<4xf32>) -> tensor<f32> {
  %c = remat.checkpoint policy <nothing_saveable> -> tensor<4xf32> {
    // expected-error @+1 {{remat-autodiff: no gradient rule for 'math.powf', which lies on a path from a differentiated argument to the loss (differentiate fewer arguments with wrt=, or express it with remat ops)}}
    %p = math.powf %x, %x : tensor<4xf32>
    remat.yield %p : tensor<4xf32>
  }
  %l = remat.reduce_sum %c dims [0] : tensor<4xf32> -> tensor<f32>
  return %l : tensor<f32>
}
// -----
// math.log1p inside a scan body
func.func @f(%h0: tensor<4xf32>, %ws: tensor<3x4xf32>) -> tensor<f32> {
  %h = remat.scan mode <full> (%c = %h0 : tensor<4xf32>) over (%w = %ws : tensor<3x4xf32>) -> (tensor<4xf32>) {
    %a = remat.mul %c, %w : tensor<4xf32>
    // expected-error @+1 {{remat-autodiff: no gradient rule for 'math.log1p', which lies on a path from a differentiated argument to the loss (differentiate fewer arguments with wrt=, or express it with remat ops)}}
    %b = math.log1p %a : tensor<4xf32>
    remat.yield %b : tensor<4xf32>
  }
  %l = remat.reduce_sum %h dims [0] : tensor<4xf32> -> tensor<f32>
  return %l : tensor<f32>
}
// -----
// tensor.insert_slice on the path to the loss
func.func @f(%x: tensor<4xf32>, %y: tensor<8xf32>) -> tensor<f32> {
  // expected-error @+1 {{remat-autodiff: no gradient rule for 'tensor.insert_slice', which lies on a path from a differentiated argument to the loss (differentiate fewer arguments with wrt=, or express it with remat ops)}}
  %i = tensor.insert_slice %x into %y[0] [4] [1] : tensor<4xf32> into tensor<8xf32>
  %l = remat.reduce_sum %i dims [0] : tensor<8xf32> -> tensor<f32>
  return %l : tensor<f32>
}
// -----
// an unregistered op on the path (generic form, allowed by -allow-unregistered-dialect)
func.func @f(%x: tensor<4xf32>) -> tensor<f32> {
  // expected-error @+1 {{remat-autodiff: no gradient rule for 'mydialect.frob', which lies on a path from a differentiated argument to the loss (differentiate fewer arguments with wrt=, or express it with remat ops)}}
  %a = "mydialect.frob"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %l = remat.reduce_sum %a dims [0] : tensor<4xf32> -> tensor<f32>
  return %l : tensor<f32>
}
