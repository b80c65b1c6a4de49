// Nested checkpoint regions, as JAX's nested jax.checkpoint plans them
// (no budget: the policy solver). The model, an outer region O around an
// inner region I:
//
//   O:  a = exp(x)
//       I:  m = a.w   (a dot without batch dims)
//           s = 0.5 * m
//           g = gelu(s)     (I's result)
//       t = tanh(g)         (O's result)
//   outside: z = t.w2, loss = sum(z)
//
// O's backward starts at tanh's gradient (it reads t), I's at gelu's
// gradient (it reads s); the matmul's gradient reads a, exp's reads a.
//
// JAX's partial evaluation applies the outer region's policy to the values
// of the inner region too (remat's partial-eval rule recurses with the
// outer `saveable`): O's policy decides what the forward pass keeps for the
// backward. O's forward is re-run where its backward starts; the inner
// policy applies to that re-run: a value it recomputes is kept into I's
// backward only if I's policy saves it, else I's backward recomputes it
// once more (from what I's policy saves and I's inputs, which O's re-run
// made).
// RUN: remat-opt %s -split-input-file -remat-autodiff -remat-rematerialize="report-text=-" -o /dev/null 2>&1 | FileCheck %s

// O nothing_saveable, I dots_saveable: the forward pass keeps nothing of O
// (the inner dots policy does not apply to it). O's re-run, at tanh's
// gradient, recomputes a, m, s, g, t; I's policy keeps the re-run's m into
// I's backward but not s, which gelu's gradient gets from m once more.
// CHECK-LABEL: report for @nothing_dots_grad
// CHECK:      rematerialized:
// CHECK-NEXT:   recompute remat.exp ({{.*}}) before step [[S1:[0-9]+]]
// CHECK-NEXT:   recompute remat.matmul ({{.*}}) before step [[S1]]
// CHECK-NEXT:   recompute remat.scale ({{.*}}) before step [[S1]]
// CHECK-NEXT:   recompute remat.gelu ({{.*}}) before step [[S1]]
// CHECK-NEXT:   recompute remat.tanh ({{.*}}) before step [[S1]]
// CHECK-NEXT:   recompute remat.scale ({{.*}}) before step [[S2:[0-9]+]]
// CHECK-NOT:    recompute remat
func.func @nothing_dots(%x: tensor<16x16xf32>, %w: tensor<16x16xf32>, %w2: tensor<16x16xf32>) -> tensor<f32> {
  %y = remat.checkpoint policy <nothing_saveable> -> tensor<16x16xf32> {
    %a = remat.exp %x : tensor<16x16xf32>
    %i = remat.checkpoint policy <dots_saveable> -> tensor<16x16xf32> {
      %m = remat.matmul %a, %w : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
      %s = remat.scale %m, 0.5 : tensor<16x16xf32>
      %g = remat.gelu %s tanh : tensor<16x16xf32>
      remat.yield %g : tensor<16x16xf32>
    }
    %t = remat.tanh %i : tensor<16x16xf32>
    remat.yield %t : tensor<16x16xf32>
  }
  %z = remat.matmul %y, %w2 : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
  %l = remat.reduce_sum %z dims [0, 1] : tensor<16x16xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// -----

// O dots_saveable, I nothing_saveable: O's policy decides for I's values
// too, so the forward pass keeps m although I's policy saves nothing. O's
// re-run recomputes s, g, t from m; s again for I's backward (I saves
// nothing of the re-run), from the m the forward pass kept; and a, which
// the matmul's and exp's gradients read (JAX computes it in O's re-run;
// here it is recomputed right before its first reader, later).
// CHECK-LABEL: report for @dots_nothing_grad
// CHECK:      policy  {{.*}}remat.matmul
// CHECK:      rematerialized:
// CHECK-NEXT:   recompute remat.scale ({{.*}}) before step [[S1:[0-9]+]]
// CHECK-NEXT:   recompute remat.gelu ({{.*}}) before step [[S1]]
// CHECK-NEXT:   recompute remat.tanh ({{.*}}) before step [[S1]]
// CHECK-NEXT:   recompute remat.scale ({{.*}}) before step [[S2:[0-9]+]]
// CHECK-NEXT:   recompute remat.exp ({{.*}}) before step [[S3:[0-9]+]]
// CHECK-NOT:    recompute remat
func.func @dots_nothing(%x: tensor<16x16xf32>, %w: tensor<16x16xf32>, %w2: tensor<16x16xf32>) -> tensor<f32> {
  %y = remat.checkpoint policy <dots_saveable> -> tensor<16x16xf32> {
    %a = remat.exp %x : tensor<16x16xf32>
    %i = remat.checkpoint policy <nothing_saveable> -> tensor<16x16xf32> {
      %m = remat.matmul %a, %w : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
      %s = remat.scale %m, 0.5 : tensor<16x16xf32>
      %g = remat.gelu %s tanh : tensor<16x16xf32>
      remat.yield %g : tensor<16x16xf32>
    }
    %t = remat.tanh %i : tensor<16x16xf32>
    remat.yield %t : tensor<16x16xf32>
  }
  %z = remat.matmul %y, %w2 : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
  %l = remat.reduce_sum %z dims [0, 1] : tensor<16x16xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// -----

// Both nothing_saveable (JAX's recursive checkpointing): O's re-run
// recomputes everything; I's backward recomputes m and s once more from the
// re-run's a (a value of O, not of I: it is available to I's backward).
// CHECK-LABEL: report for @nothing_nothing_grad
// CHECK:      rematerialized:
// CHECK-NEXT:   recompute remat.exp ({{.*}}) before step [[S1:[0-9]+]]
// CHECK-NEXT:   recompute remat.matmul ({{.*}}) before step [[S1]]
// CHECK-NEXT:   recompute remat.scale ({{.*}}) before step [[S1]]
// CHECK-NEXT:   recompute remat.gelu ({{.*}}) before step [[S1]]
// CHECK-NEXT:   recompute remat.tanh ({{.*}}) before step [[S1]]
// CHECK-NEXT:   recompute remat.matmul ({{.*}}) before step [[S2:[0-9]+]]
// CHECK-NEXT:   recompute remat.scale ({{.*}}) before step [[S2]]
// CHECK-NOT:    recompute remat
func.func @nothing_nothing(%x: tensor<16x16xf32>, %w: tensor<16x16xf32>, %w2: tensor<16x16xf32>) -> tensor<f32> {
  %y = remat.checkpoint policy <nothing_saveable> -> tensor<16x16xf32> {
    %a = remat.exp %x : tensor<16x16xf32>
    %i = remat.checkpoint policy <nothing_saveable> -> tensor<16x16xf32> {
      %m = remat.matmul %a, %w : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
      %s = remat.scale %m, 0.5 : tensor<16x16xf32>
      %g = remat.gelu %s tanh : tensor<16x16xf32>
      remat.yield %g : tensor<16x16xf32>
    }
    %t = remat.tanh %i : tensor<16x16xf32>
    remat.yield %t : tensor<16x16xf32>
  }
  %z = remat.matmul %y, %w2 : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
  %l = remat.reduce_sum %z dims [0, 1] : tensor<16x16xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// -----

// O everything_saveable, I nothing_saveable: O's policy saves every value,
// the inner region's included; there is no re-run, so I's policy never
// applies.
// CHECK-LABEL: report for @everything_nothing_grad
// CHECK:      recomputed: 0 value(s)
// CHECK-NOT:  rematerialized:
func.func @everything_nothing(%x: tensor<16x16xf32>, %w: tensor<16x16xf32>, %w2: tensor<16x16xf32>) -> tensor<f32> {
  %y = remat.checkpoint policy <everything_saveable> -> tensor<16x16xf32> {
    %a = remat.exp %x : tensor<16x16xf32>
    %i = remat.checkpoint policy <nothing_saveable> -> tensor<16x16xf32> {
      %m = remat.matmul %a, %w : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
      %s = remat.scale %m, 0.5 : tensor<16x16xf32>
      %g = remat.gelu %s tanh : tensor<16x16xf32>
      remat.yield %g : tensor<16x16xf32>
    }
    %t = remat.tanh %i : tensor<16x16xf32>
    remat.yield %t : tensor<16x16xf32>
  }
  %z = remat.matmul %y, %w2 : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
  %l = remat.reduce_sum %z dims [0, 1] : tensor<16x16xf32> -> tensor<f32>
  return %l : tensor<f32>
}
