// Checkpoint policies decide for every value a region computes, not only for
// the values the backward pass reads (issue 9). One small model per policy,
// planned with no budget (the policy solver: JAX's plan exactly):
//
//   region:  m = x.w (a dot without batch dims, tagged "m")
//            s = 0.5 * m                     (tagged "s")
//            g = gelu(s)                     (unnamed)
//            t = tanh(g)                     (unnamed; the region's result)
//   outside: z = t.w2, loss = sum(z)
//
// What the backward reads: the outer matmul's gradient reads t (before the
// region's backward starts: the outer level saves it, as JAX saves the
// remat call's outputs); in the region's backward, tanh's gradient reads t
// and gelu's gradient reads s. m and g are read only by other ops of the
// region: a policy still decides whether they are saved. JAX's rule: a value
// the policy does not save is recomputed by re-running the region's forward
// from the saved values and the region's inputs (x, w); that re-run starts
// at the first read after the region's backward starts (tanh's gradient,
// which needs t <- g <- s <- m), or at gelu's gradient when only s is
// missing. Kept values of the region carry the reason "policy".
// RUN: remat-opt %s -split-input-file -remat-autodiff -remat-rematerialize="report-text=-" -o /dev/null 2>&1 | FileCheck %s

// nothing_saveable: no value of the region is saved; the re-run recomputes
// m from x and w, then s, g and t.
// CHECK-LABEL: report for @nothing_grad
// CHECK:      kept across the peak:
// CHECK-NOT:  {{^ +[0-9]+  policy}}
// CHECK:      saved for the backward pass: 1 value(s)
// CHECK-NEXT: remat.tanh {{.*}}: checkpoint policy <nothing_saveable> {{.*}} does not save it
// CHECK:      rematerialized:
// CHECK-NEXT:   recompute remat.matmul "m" ({{.*}}) before step [[S:[0-9]+]]
// CHECK-NEXT:   recompute remat.scale "s" ({{.*}}) before step [[S]]
// CHECK-NEXT:   recompute remat.gelu ({{.*}}) before step [[S]]
// CHECK-NEXT:   recompute remat.tanh ({{.*}}) before step [[S]]
// CHECK-NOT:    recompute remat
// CHECK-NOT:    reload remat
func.func @nothing(%x: tensor<16x16xf32>, %w: tensor<16x16xf32>, %w2: tensor<16x16xf32>) -> tensor<f32> {
  %y = remat.checkpoint policy <nothing_saveable> -> tensor<16x16xf32> {
    %m = remat.matmul %x, %w : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
    %mn = remat.name %m as "m" : tensor<16x16xf32>
    %s = remat.scale %mn, 0.5 : tensor<16x16xf32>
    %sn = remat.name %s as "s" : tensor<16x16xf32>
    %g = remat.gelu %sn tanh : tensor<16x16xf32>
    %t = remat.tanh %g : tensor<16x16xf32>
    remat.yield %t : tensor<16x16xf32>
  }
  %z = remat.matmul %y, %w2 : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
  %l = remat.reduce_sum %z dims [0, 1] : tensor<16x16xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// -----

// everything_saveable: every value is saveable; nothing is recomputed.
// CHECK-LABEL: report for @everything_grad
// CHECK:      recomputed: 0 value(s)
// CHECK:      offloaded: 0 value(s)
// CHECK:      policy  {{.*}}remat.scale "s"
// CHECK-NOT:  rematerialized:
func.func @everything(%x: tensor<16x16xf32>, %w: tensor<16x16xf32>, %w2: tensor<16x16xf32>) -> tensor<f32> {
  %y = remat.checkpoint policy <everything_saveable> -> tensor<16x16xf32> {
    %m = remat.matmul %x, %w : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
    %mn = remat.name %m as "m" : tensor<16x16xf32>
    %s = remat.scale %mn, 0.5 : tensor<16x16xf32>
    %sn = remat.name %s as "s" : tensor<16x16xf32>
    %g = remat.gelu %sn tanh : tensor<16x16xf32>
    %t = remat.tanh %g : tensor<16x16xf32>
    remat.yield %t : tensor<16x16xf32>
  }
  %z = remat.matmul %y, %w2 : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
  %l = remat.reduce_sum %z dims [0, 1] : tensor<16x16xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// -----

// dots_saveable: the matmul m is saveable (and saved: s is recomputed from
// it, though the backward never reads m itself); s, g, t are not.
// CHECK-LABEL: report for @dots_grad
// CHECK:      policy  {{.*}}remat.matmul "m"
// CHECK:      rematerialized:
// CHECK-NEXT:   recompute remat.scale "s" ({{.*}}) before step [[S:[0-9]+]]
// CHECK-NEXT:   recompute remat.gelu ({{.*}}) before step [[S]]
// CHECK-NEXT:   recompute remat.tanh ({{.*}}) before step [[S]]
// CHECK-NOT:    recompute remat
func.func @dots(%x: tensor<16x16xf32>, %w: tensor<16x16xf32>, %w2: tensor<16x16xf32>) -> tensor<f32> {
  %y = remat.checkpoint policy <dots_saveable> -> tensor<16x16xf32> {
    %m = remat.matmul %x, %w : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
    %mn = remat.name %m as "m" : tensor<16x16xf32>
    %s = remat.scale %mn, 0.5 : tensor<16x16xf32>
    %sn = remat.name %s as "s" : tensor<16x16xf32>
    %g = remat.gelu %sn tanh : tensor<16x16xf32>
    %t = remat.tanh %g : tensor<16x16xf32>
    remat.yield %t : tensor<16x16xf32>
  }
  %z = remat.matmul %y, %w2 : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
  %l = remat.reduce_sum %z dims [0, 1] : tensor<16x16xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// -----

// dots_with_no_batch_dims_saveable: m has no batch dims: as dots_saveable.
// CHECK-LABEL: report for @dots_no_batch_grad
// CHECK:      policy  {{.*}}remat.matmul "m"
// CHECK:      rematerialized:
// CHECK-NEXT:   recompute remat.scale "s" ({{.*}}) before step [[S:[0-9]+]]
// CHECK-NEXT:   recompute remat.gelu ({{.*}}) before step [[S]]
// CHECK-NEXT:   recompute remat.tanh ({{.*}}) before step [[S]]
// CHECK-NOT:    recompute remat
func.func @dots_no_batch(%x: tensor<16x16xf32>, %w: tensor<16x16xf32>, %w2: tensor<16x16xf32>) -> tensor<f32> {
  %y = remat.checkpoint policy <dots_with_no_batch_dims_saveable> -> tensor<16x16xf32> {
    %m = remat.matmul %x, %w : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
    %mn = remat.name %m as "m" : tensor<16x16xf32>
    %s = remat.scale %mn, 0.5 : tensor<16x16xf32>
    %sn = remat.name %s as "s" : tensor<16x16xf32>
    %g = remat.gelu %sn tanh : tensor<16x16xf32>
    %t = remat.tanh %g : tensor<16x16xf32>
    remat.yield %t : tensor<16x16xf32>
  }
  %z = remat.matmul %y, %w2 : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
  %l = remat.reduce_sum %z dims [0, 1] : tensor<16x16xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// -----

// save_only_these_names ["m"]: only m is saveable. The backward never reads
// m, yet the name decides: m is saved and the re-run starts from it.
// CHECK-LABEL: report for @only_m_grad
// CHECK:      policy  {{.*}}remat.matmul "m"
// CHECK:      rematerialized:
// CHECK-NEXT:   recompute remat.scale "s" ({{.*}}) before step [[S:[0-9]+]]
// CHECK-NEXT:   recompute remat.gelu ({{.*}}) before step [[S]]
// CHECK-NEXT:   recompute remat.tanh ({{.*}}) before step [[S]]
// CHECK-NOT:    recompute remat
func.func @only_m(%x: tensor<16x16xf32>, %w: tensor<16x16xf32>, %w2: tensor<16x16xf32>) -> tensor<f32> {
  %y = remat.checkpoint policy <save_only_these_names ["m"]> -> tensor<16x16xf32> {
    %m = remat.matmul %x, %w : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
    %mn = remat.name %m as "m" : tensor<16x16xf32>
    %s = remat.scale %mn, 0.5 : tensor<16x16xf32>
    %sn = remat.name %s as "s" : tensor<16x16xf32>
    %g = remat.gelu %sn tanh : tensor<16x16xf32>
    %t = remat.tanh %g : tensor<16x16xf32>
    remat.yield %t : tensor<16x16xf32>
  }
  %z = remat.matmul %y, %w2 : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
  %l = remat.reduce_sum %z dims [0, 1] : tensor<16x16xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// -----

// save_only_these_names ["s"]: s is saved (gelu's gradient reads it as
// is); the re-run recomputes g and t from it, and m is needed by nobody.
// CHECK-LABEL: report for @only_s_grad
// CHECK:      policy  {{.*}}remat.scale "s"
// CHECK:      rematerialized:
// CHECK-NEXT:   recompute remat.gelu ({{.*}}) before step [[S:[0-9]+]]
// CHECK-NEXT:   recompute remat.tanh ({{.*}}) before step [[S]]
// CHECK-NOT:    recompute remat
func.func @only_s(%x: tensor<16x16xf32>, %w: tensor<16x16xf32>, %w2: tensor<16x16xf32>) -> tensor<f32> {
  %y = remat.checkpoint policy <save_only_these_names ["s"]> -> tensor<16x16xf32> {
    %m = remat.matmul %x, %w : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
    %mn = remat.name %m as "m" : tensor<16x16xf32>
    %s = remat.scale %mn, 0.5 : tensor<16x16xf32>
    %sn = remat.name %s as "s" : tensor<16x16xf32>
    %g = remat.gelu %sn tanh : tensor<16x16xf32>
    %t = remat.tanh %g : tensor<16x16xf32>
    remat.yield %t : tensor<16x16xf32>
  }
  %z = remat.matmul %y, %w2 : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
  %l = remat.reduce_sum %z dims [0, 1] : tensor<16x16xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// -----

// save_only_these_names ["other"]: no value carries the name: as
// nothing_saveable, and a warning (planning @only_none_grad; @only_none has
// no backward pass).
// CHECK:       :[[@LINE+9]]:8: warning: remat-rematerialize: checkpoint policy save_only_these_names names 'other', which no remat.name in this region tags; the region's names are 'm', 's'
// CHECK-LABEL: report for @only_none_grad
// CHECK:      rematerialized:
// CHECK-NEXT:   recompute remat.matmul "m" ({{.*}}) before step [[S:[0-9]+]]
// CHECK-NEXT:   recompute remat.scale "s" ({{.*}}) before step [[S]]
// CHECK-NEXT:   recompute remat.gelu ({{.*}}) before step [[S]]
// CHECK-NEXT:   recompute remat.tanh ({{.*}}) before step [[S]]
// CHECK-NOT:    recompute remat
func.func @only_none(%x: tensor<16x16xf32>, %w: tensor<16x16xf32>, %w2: tensor<16x16xf32>) -> tensor<f32> {
  %y = remat.checkpoint policy <save_only_these_names ["other"]> -> tensor<16x16xf32> {
    %m = remat.matmul %x, %w : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
    %mn = remat.name %m as "m" : tensor<16x16xf32>
    %s = remat.scale %mn, 0.5 : tensor<16x16xf32>
    %sn = remat.name %s as "s" : tensor<16x16xf32>
    %g = remat.gelu %sn tanh : tensor<16x16xf32>
    %t = remat.tanh %g : tensor<16x16xf32>
    remat.yield %t : tensor<16x16xf32>
  }
  %z = remat.matmul %y, %w2 : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
  %l = remat.reduce_sum %z dims [0, 1] : tensor<16x16xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// -----

// save_any_names_but_these ["s"]: named values except s are saveable, so m
// is; unnamed values (g, t) are not (JAX: "save only named values, excluding
// the names given").
// CHECK-LABEL: report for @any_but_s_grad
// CHECK:      policy  {{.*}}remat.matmul "m"
// CHECK:      rematerialized:
// CHECK-NEXT:   recompute remat.scale "s" ({{.*}}) before step [[S:[0-9]+]]
// CHECK-NEXT:   recompute remat.gelu ({{.*}}) before step [[S]]
// CHECK-NEXT:   recompute remat.tanh ({{.*}}) before step [[S]]
// CHECK-NOT:    recompute remat
func.func @any_but_s(%x: tensor<16x16xf32>, %w: tensor<16x16xf32>, %w2: tensor<16x16xf32>) -> tensor<f32> {
  %y = remat.checkpoint policy <save_any_names_but_these ["s"]> -> tensor<16x16xf32> {
    %m = remat.matmul %x, %w : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
    %mn = remat.name %m as "m" : tensor<16x16xf32>
    %s = remat.scale %mn, 0.5 : tensor<16x16xf32>
    %sn = remat.name %s as "s" : tensor<16x16xf32>
    %g = remat.gelu %sn tanh : tensor<16x16xf32>
    %t = remat.tanh %g : tensor<16x16xf32>
    remat.yield %t : tensor<16x16xf32>
  }
  %z = remat.matmul %y, %w2 : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
  %l = remat.reduce_sum %z dims [0, 1] : tensor<16x16xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// -----

// save_any_names_but_these ["m"]: s is saveable (named, not excluded); m,
// g, t are not. s is saved, g and t re-run from it.
// CHECK-LABEL: report for @any_but_m_grad
// CHECK:      policy  {{.*}}remat.scale "s"
// CHECK:      rematerialized:
// CHECK-NEXT:   recompute remat.gelu ({{.*}}) before step [[S:[0-9]+]]
// CHECK-NEXT:   recompute remat.tanh ({{.*}}) before step [[S]]
// CHECK-NOT:    recompute remat
func.func @any_but_m(%x: tensor<16x16xf32>, %w: tensor<16x16xf32>, %w2: tensor<16x16xf32>) -> tensor<f32> {
  %y = remat.checkpoint policy <save_any_names_but_these ["m"]> -> tensor<16x16xf32> {
    %m = remat.matmul %x, %w : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
    %mn = remat.name %m as "m" : tensor<16x16xf32>
    %s = remat.scale %mn, 0.5 : tensor<16x16xf32>
    %sn = remat.name %s as "s" : tensor<16x16xf32>
    %g = remat.gelu %sn tanh : tensor<16x16xf32>
    %t = remat.tanh %g : tensor<16x16xf32>
    remat.yield %t : tensor<16x16xf32>
  }
  %z = remat.matmul %y, %w2 : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
  %l = remat.reduce_sum %z dims [0, 1] : tensor<16x16xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// -----

// save_anything_except_these_names ["s"]: everything but s is saveable
// (unnamed values too): only s is recomputed, from the saved m, right before
// gelu's gradient reads it.
// CHECK-LABEL: report for @anything_except_s_grad
// CHECK:      policy  {{.*}}remat.matmul "m"
// CHECK:      rematerialized:
// CHECK-NEXT:   recompute remat.scale "s" ({{.*}}) before step
// CHECK-NOT:    recompute remat
func.func @anything_except_s(%x: tensor<16x16xf32>, %w: tensor<16x16xf32>, %w2: tensor<16x16xf32>) -> tensor<f32> {
  %y = remat.checkpoint policy <save_anything_except_these_names ["s"]> -> tensor<16x16xf32> {
    %m = remat.matmul %x, %w : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
    %mn = remat.name %m as "m" : tensor<16x16xf32>
    %s = remat.scale %mn, 0.5 : tensor<16x16xf32>
    %sn = remat.name %s as "s" : tensor<16x16xf32>
    %g = remat.gelu %sn tanh : tensor<16x16xf32>
    %t = remat.tanh %g : tensor<16x16xf32>
    remat.yield %t : tensor<16x16xf32>
  }
  %z = remat.matmul %y, %w2 : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
  %l = remat.reduce_sum %z dims [0, 1] : tensor<16x16xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// -----

// save_and_offload_only_these_names save [] offload ["m"]: m is offloaded
// to host memory after the forward pass and reloaded for the re-run, which
// recomputes s, g and t from it. The backward never reads m itself.
// CHECK-LABEL: report for @offload_m_grad
// CHECK:      offloaded: 1 value(s)
// CHECK:      rematerialized:
// CHECK-NEXT:   recompute remat.scale "s" ({{.*}}) before step [[S:[0-9]+]]
// CHECK-NEXT:   recompute remat.gelu ({{.*}}) before step [[S]]
// CHECK-NEXT:   recompute remat.tanh ({{.*}}) before step [[S]]
// CHECK-NEXT:   reload remat.matmul "m" ({{.*}}) before step [[S]]
// CHECK-NOT:    recompute remat
func.func @offload_m(%x: tensor<16x16xf32>, %w: tensor<16x16xf32>, %w2: tensor<16x16xf32>) -> tensor<f32> {
  %y = remat.checkpoint policy <save_and_offload_only_these_names save [] offload ["m"]> -> tensor<16x16xf32> {
    %m = remat.matmul %x, %w : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
    %mn = remat.name %m as "m" : tensor<16x16xf32>
    %s = remat.scale %mn, 0.5 : tensor<16x16xf32>
    %sn = remat.name %s as "s" : tensor<16x16xf32>
    %g = remat.gelu %sn tanh : tensor<16x16xf32>
    %t = remat.tanh %g : tensor<16x16xf32>
    remat.yield %t : tensor<16x16xf32>
  }
  %z = remat.matmul %y, %w2 : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
  %l = remat.reduce_sum %z dims [0, 1] : tensor<16x16xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// -----

// save_and_offload_only_these_names save ["s"] offload ["m"]: s is saved on
// the device, so the re-run needs nothing from m: m is not moved (JAX
// offloads only residuals the backward uses).
// CHECK-LABEL: report for @save_s_offload_m_grad
// CHECK:      offloaded: 0 value(s)
// CHECK:      policy  {{.*}}remat.scale "s"
// CHECK:      rematerialized:
// CHECK-NEXT:   recompute remat.gelu ({{.*}}) before step [[S:[0-9]+]]
// CHECK-NEXT:   recompute remat.tanh ({{.*}}) before step [[S]]
// CHECK-NOT:    recompute remat
// CHECK-NOT:    reload remat
func.func @save_s_offload_m(%x: tensor<16x16xf32>, %w: tensor<16x16xf32>, %w2: tensor<16x16xf32>) -> tensor<f32> {
  %y = remat.checkpoint policy <save_and_offload_only_these_names save ["s"] offload ["m"]> -> tensor<16x16xf32> {
    %m = remat.matmul %x, %w : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
    %mn = remat.name %m as "m" : tensor<16x16xf32>
    %s = remat.scale %mn, 0.5 : tensor<16x16xf32>
    %sn = remat.name %s as "s" : tensor<16x16xf32>
    %g = remat.gelu %sn tanh : tensor<16x16xf32>
    %t = remat.tanh %g : tensor<16x16xf32>
    remat.yield %t : tensor<16x16xf32>
  }
  %z = remat.matmul %y, %w2 : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
  %l = remat.reduce_sum %z dims [0, 1] : tensor<16x16xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// -----

// offload_dot_with_no_batch_dims: m (no batch dims) is offloaded and
// reloaded for the re-run; nothing is saved on the device.
// CHECK-LABEL: report for @offload_dots_grad
// CHECK:      offloaded: 1 value(s)
// CHECK:      rematerialized:
// CHECK-NEXT:   recompute remat.scale "s" ({{.*}}) before step [[S:[0-9]+]]
// CHECK-NEXT:   recompute remat.gelu ({{.*}}) before step [[S]]
// CHECK-NEXT:   recompute remat.tanh ({{.*}}) before step [[S]]
// CHECK-NEXT:   reload remat.matmul "m" ({{.*}}) before step [[S]]
// CHECK-NOT:    recompute remat
func.func @offload_dots(%x: tensor<16x16xf32>, %w: tensor<16x16xf32>, %w2: tensor<16x16xf32>) -> tensor<f32> {
  %y = remat.checkpoint policy <offload_dot_with_no_batch_dims> -> tensor<16x16xf32> {
    %m = remat.matmul %x, %w : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
    %mn = remat.name %m as "m" : tensor<16x16xf32>
    %s = remat.scale %mn, 0.5 : tensor<16x16xf32>
    %sn = remat.name %s as "s" : tensor<16x16xf32>
    %g = remat.gelu %sn tanh : tensor<16x16xf32>
    %t = remat.tanh %g : tensor<16x16xf32>
    remat.yield %t : tensor<16x16xf32>
  }
  %z = remat.matmul %y, %w2 : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
  %l = remat.reduce_sum %z dims [0, 1] : tensor<16x16xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// -----

// dots_with_no_batch_dims_saveable | save_only_these_names ["s"]: m and s
// are saveable; s is what the re-run needs (g, t are recomputed from it).
// CHECK-LABEL: report for @combined_grad
// CHECK:      policy  {{.*}}remat.scale "s"
// CHECK:      rematerialized:
// CHECK-NEXT:   recompute remat.gelu ({{.*}}) before step [[S:[0-9]+]]
// CHECK-NEXT:   recompute remat.tanh ({{.*}}) before step [[S]]
// CHECK-NOT:    recompute remat
func.func @combined(%x: tensor<16x16xf32>, %w: tensor<16x16xf32>, %w2: tensor<16x16xf32>) -> tensor<f32> {
  %y = remat.checkpoint policy <dots_with_no_batch_dims_saveable | save_only_these_names ["s"]> -> tensor<16x16xf32> {
    %m = remat.matmul %x, %w : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
    %mn = remat.name %m as "m" : tensor<16x16xf32>
    %s = remat.scale %mn, 0.5 : tensor<16x16xf32>
    %sn = remat.name %s as "s" : tensor<16x16xf32>
    %g = remat.gelu %sn tanh : tensor<16x16xf32>
    %t = remat.tanh %g : tensor<16x16xf32>
    remat.yield %t : tensor<16x16xf32>
  }
  %z = remat.matmul %y, %w2 : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
  %l = remat.reduce_sum %z dims [0, 1] : tensor<16x16xf32> -> tensor<f32>
  return %l : tensor<f32>
}
