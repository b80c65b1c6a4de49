// Every JAX checkpoint policy on one joint forward+backward graph. Inside
// the checkpoint: h = x.w (a dot without batch dims, tagged "h"),
// u = exp(h) (tagged "u") and p = a batched dot (untagged). The backward ops
// (remat.vjp_of) of the region's forward ops read all three. With no budget
// the policy alone decides: "keep" for saveable residuals, "recompute" (or
// "offload") for the others.
// RUN: remat-opt %s -remat-rematerialize="analysis-only" | FileCheck %s
// RUN: remat-opt %s -remat-rematerialize | FileCheck %s --check-prefix=REWRITE

// CHECK-LABEL: func.func @everything
// CHECK: remat.matmul {{.*}}remat.decision = "keep"{{.*}} : tensor<16x16xf32>, tensor<16x16xf32>
// CHECK: remat.exp {{.*}}remat.decision = "keep"
// CHECK: remat.matmul {{.*}}remat.decision = "keep"{{.*}} : tensor<2x16x16xf32>
func.func @everything(%x: tensor<16x16xf32>, %w: tensor<16x16xf32>, %b: tensor<2x16x16xf32>, %g: tensor<16x16xf32>) -> (tensor<16x16xf32>, tensor<2x16x16xf32>) {
  %y:4 = remat.checkpoint policy <everything_saveable> -> tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<2x16x16xf32> {
    %h = remat.matmul %x, %w {remat.fwd_id = 0} : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
    %hn = remat.name %h as "h" : tensor<16x16xf32>
    %u = remat.exp %hn {remat.fwd_id = 1} : tensor<16x16xf32>
    %un = remat.name %u as "u" : tensor<16x16xf32>
    %p = remat.matmul %b, %b {remat.fwd_id = 2} : tensor<2x16x16xf32>, tensor<2x16x16xf32> -> tensor<2x16x16xf32>
    %o = remat.add %un, %hn {remat.fwd_id = 3} : tensor<16x16xf32>
    remat.yield %o, %hn, %un, %p : tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<2x16x16xf32>
  }
  %t = remat.tanh %y#0 : tensor<16x16xf32>
  %gp = remat.mul %y#3, %y#3 {remat.vjp_of = 2} : tensor<2x16x16xf32>
  %gu = remat.mul %g, %y#2 {remat.vjp_of = 1} : tensor<16x16xf32>
  %gh = remat.mul %gu, %y#1 {remat.vjp_of = 0} : tensor<16x16xf32>
  %gx = remat.matmul %gh, %w transpose_b {remat.vjp_of = 0} : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
  return %gx, %gp : tensor<16x16xf32>, tensor<2x16x16xf32>
}

// CHECK-LABEL: func.func @nothing
// CHECK: remat.matmul {{.*}}remat.decision = "recompute"{{.*}} : tensor<16x16xf32>, tensor<16x16xf32>
// CHECK: remat.exp {{.*}}remat.decision = "recompute"
// CHECK: remat.matmul {{.*}}remat.decision = "recompute"{{.*}} : tensor<2x16x16xf32>
func.func @nothing(%x: tensor<16x16xf32>, %w: tensor<16x16xf32>, %b: tensor<2x16x16xf32>, %g: tensor<16x16xf32>) -> (tensor<16x16xf32>, tensor<2x16x16xf32>) {
  %y:4 = remat.checkpoint policy <nothing_saveable> -> tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<2x16x16xf32> {
    %h = remat.matmul %x, %w {remat.fwd_id = 0} : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
    %hn = remat.name %h as "h" : tensor<16x16xf32>
    %u = remat.exp %hn {remat.fwd_id = 1} : tensor<16x16xf32>
    %un = remat.name %u as "u" : tensor<16x16xf32>
    %p = remat.matmul %b, %b {remat.fwd_id = 2} : tensor<2x16x16xf32>, tensor<2x16x16xf32> -> tensor<2x16x16xf32>
    %o = remat.add %un, %hn {remat.fwd_id = 3} : tensor<16x16xf32>
    remat.yield %o, %hn, %un, %p : tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<2x16x16xf32>
  }
  %t = remat.tanh %y#0 : tensor<16x16xf32>
  %gp = remat.mul %y#3, %y#3 {remat.vjp_of = 2} : tensor<2x16x16xf32>
  %gu = remat.mul %g, %y#2 {remat.vjp_of = 1} : tensor<16x16xf32>
  %gh = remat.mul %gu, %y#1 {remat.vjp_of = 0} : tensor<16x16xf32>
  %gx = remat.matmul %gh, %w transpose_b {remat.vjp_of = 0} : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
  return %gx, %gp : tensor<16x16xf32>, tensor<2x16x16xf32>
}

// CHECK-LABEL: func.func @dots
// CHECK: remat.matmul {{.*}}remat.decision = "keep"{{.*}} : tensor<16x16xf32>, tensor<16x16xf32>
// CHECK: remat.exp {{.*}}remat.decision = "recompute"
// CHECK: remat.matmul {{.*}}remat.decision = "keep"{{.*}} : tensor<2x16x16xf32>
func.func @dots(%x: tensor<16x16xf32>, %w: tensor<16x16xf32>, %b: tensor<2x16x16xf32>, %g: tensor<16x16xf32>) -> (tensor<16x16xf32>, tensor<2x16x16xf32>) {
  %y:4 = remat.checkpoint policy <dots_saveable> -> tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<2x16x16xf32> {
    %h = remat.matmul %x, %w {remat.fwd_id = 0} : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
    %hn = remat.name %h as "h" : tensor<16x16xf32>
    %u = remat.exp %hn {remat.fwd_id = 1} : tensor<16x16xf32>
    %un = remat.name %u as "u" : tensor<16x16xf32>
    %p = remat.matmul %b, %b {remat.fwd_id = 2} : tensor<2x16x16xf32>, tensor<2x16x16xf32> -> tensor<2x16x16xf32>
    %o = remat.add %un, %hn {remat.fwd_id = 3} : tensor<16x16xf32>
    remat.yield %o, %hn, %un, %p : tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<2x16x16xf32>
  }
  %t = remat.tanh %y#0 : tensor<16x16xf32>
  %gp = remat.mul %y#3, %y#3 {remat.vjp_of = 2} : tensor<2x16x16xf32>
  %gu = remat.mul %g, %y#2 {remat.vjp_of = 1} : tensor<16x16xf32>
  %gh = remat.mul %gu, %y#1 {remat.vjp_of = 0} : tensor<16x16xf32>
  %gx = remat.matmul %gh, %w transpose_b {remat.vjp_of = 0} : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
  return %gx, %gp : tensor<16x16xf32>, tensor<2x16x16xf32>
}

// CHECK-LABEL: func.func @dots_no_batch
// CHECK: remat.matmul {{.*}}remat.decision = "keep"{{.*}} : tensor<16x16xf32>, tensor<16x16xf32>
// CHECK: remat.exp {{.*}}remat.decision = "recompute"
// CHECK: remat.matmul {{.*}}remat.decision = "recompute"{{.*}} : tensor<2x16x16xf32>
func.func @dots_no_batch(%x: tensor<16x16xf32>, %w: tensor<16x16xf32>, %b: tensor<2x16x16xf32>, %g: tensor<16x16xf32>) -> (tensor<16x16xf32>, tensor<2x16x16xf32>) {
  %y:4 = remat.checkpoint policy <dots_with_no_batch_dims_saveable> -> tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<2x16x16xf32> {
    %h = remat.matmul %x, %w {remat.fwd_id = 0} : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
    %hn = remat.name %h as "h" : tensor<16x16xf32>
    %u = remat.exp %hn {remat.fwd_id = 1} : tensor<16x16xf32>
    %un = remat.name %u as "u" : tensor<16x16xf32>
    %p = remat.matmul %b, %b {remat.fwd_id = 2} : tensor<2x16x16xf32>, tensor<2x16x16xf32> -> tensor<2x16x16xf32>
    %o = remat.add %un, %hn {remat.fwd_id = 3} : tensor<16x16xf32>
    remat.yield %o, %hn, %un, %p : tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<2x16x16xf32>
  }
  %t = remat.tanh %y#0 : tensor<16x16xf32>
  %gp = remat.mul %y#3, %y#3 {remat.vjp_of = 2} : tensor<2x16x16xf32>
  %gu = remat.mul %g, %y#2 {remat.vjp_of = 1} : tensor<16x16xf32>
  %gh = remat.mul %gu, %y#1 {remat.vjp_of = 0} : tensor<16x16xf32>
  %gx = remat.matmul %gh, %w transpose_b {remat.vjp_of = 0} : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
  return %gx, %gp : tensor<16x16xf32>, tensor<2x16x16xf32>
}

// CHECK-LABEL: func.func @only_names
// CHECK: remat.matmul {{.*}}remat.decision = "recompute"{{.*}} : tensor<16x16xf32>, tensor<16x16xf32>
// CHECK: remat.exp {{.*}}remat.decision = "keep"
// CHECK: remat.matmul {{.*}}remat.decision = "recompute"{{.*}} : tensor<2x16x16xf32>
func.func @only_names(%x: tensor<16x16xf32>, %w: tensor<16x16xf32>, %b: tensor<2x16x16xf32>, %g: tensor<16x16xf32>) -> (tensor<16x16xf32>, tensor<2x16x16xf32>) {
  %y:4 = remat.checkpoint policy <save_only_these_names ["u"]> -> tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<2x16x16xf32> {
    %h = remat.matmul %x, %w {remat.fwd_id = 0} : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
    %hn = remat.name %h as "h" : tensor<16x16xf32>
    %u = remat.exp %hn {remat.fwd_id = 1} : tensor<16x16xf32>
    %un = remat.name %u as "u" : tensor<16x16xf32>
    %p = remat.matmul %b, %b {remat.fwd_id = 2} : tensor<2x16x16xf32>, tensor<2x16x16xf32> -> tensor<2x16x16xf32>
    %o = remat.add %un, %hn {remat.fwd_id = 3} : tensor<16x16xf32>
    remat.yield %o, %hn, %un, %p : tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<2x16x16xf32>
  }
  %t = remat.tanh %y#0 : tensor<16x16xf32>
  %gp = remat.mul %y#3, %y#3 {remat.vjp_of = 2} : tensor<2x16x16xf32>
  %gu = remat.mul %g, %y#2 {remat.vjp_of = 1} : tensor<16x16xf32>
  %gh = remat.mul %gu, %y#1 {remat.vjp_of = 0} : tensor<16x16xf32>
  %gx = remat.matmul %gh, %w transpose_b {remat.vjp_of = 0} : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
  return %gx, %gp : tensor<16x16xf32>, tensor<2x16x16xf32>
}

// CHECK-LABEL: func.func @any_names_but
// CHECK: remat.matmul {{.*}}remat.decision = "keep"{{.*}} : tensor<16x16xf32>, tensor<16x16xf32>
// CHECK: remat.exp {{.*}}remat.decision = "recompute"
// CHECK: remat.matmul {{.*}}remat.decision = "recompute"{{.*}} : tensor<2x16x16xf32>
func.func @any_names_but(%x: tensor<16x16xf32>, %w: tensor<16x16xf32>, %b: tensor<2x16x16xf32>, %g: tensor<16x16xf32>) -> (tensor<16x16xf32>, tensor<2x16x16xf32>) {
  %y:4 = remat.checkpoint policy <save_any_names_but_these ["u"]> -> tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<2x16x16xf32> {
    %h = remat.matmul %x, %w {remat.fwd_id = 0} : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
    %hn = remat.name %h as "h" : tensor<16x16xf32>
    %u = remat.exp %hn {remat.fwd_id = 1} : tensor<16x16xf32>
    %un = remat.name %u as "u" : tensor<16x16xf32>
    %p = remat.matmul %b, %b {remat.fwd_id = 2} : tensor<2x16x16xf32>, tensor<2x16x16xf32> -> tensor<2x16x16xf32>
    %o = remat.add %un, %hn {remat.fwd_id = 3} : tensor<16x16xf32>
    remat.yield %o, %hn, %un, %p : tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<2x16x16xf32>
  }
  %t = remat.tanh %y#0 : tensor<16x16xf32>
  %gp = remat.mul %y#3, %y#3 {remat.vjp_of = 2} : tensor<2x16x16xf32>
  %gu = remat.mul %g, %y#2 {remat.vjp_of = 1} : tensor<16x16xf32>
  %gh = remat.mul %gu, %y#1 {remat.vjp_of = 0} : tensor<16x16xf32>
  %gx = remat.matmul %gh, %w transpose_b {remat.vjp_of = 0} : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
  return %gx, %gp : tensor<16x16xf32>, tensor<2x16x16xf32>
}

// CHECK-LABEL: func.func @anything_except
// CHECK: remat.matmul {{.*}}remat.decision = "keep"{{.*}} : tensor<16x16xf32>, tensor<16x16xf32>
// CHECK: remat.exp {{.*}}remat.decision = "recompute"
// CHECK: remat.matmul {{.*}}remat.decision = "keep"{{.*}} : tensor<2x16x16xf32>
func.func @anything_except(%x: tensor<16x16xf32>, %w: tensor<16x16xf32>, %b: tensor<2x16x16xf32>, %g: tensor<16x16xf32>) -> (tensor<16x16xf32>, tensor<2x16x16xf32>) {
  %y:4 = remat.checkpoint policy <save_anything_except_these_names ["u"]> -> tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<2x16x16xf32> {
    %h = remat.matmul %x, %w {remat.fwd_id = 0} : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
    %hn = remat.name %h as "h" : tensor<16x16xf32>
    %u = remat.exp %hn {remat.fwd_id = 1} : tensor<16x16xf32>
    %un = remat.name %u as "u" : tensor<16x16xf32>
    %p = remat.matmul %b, %b {remat.fwd_id = 2} : tensor<2x16x16xf32>, tensor<2x16x16xf32> -> tensor<2x16x16xf32>
    %o = remat.add %un, %hn {remat.fwd_id = 3} : tensor<16x16xf32>
    remat.yield %o, %hn, %un, %p : tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<2x16x16xf32>
  }
  %t = remat.tanh %y#0 : tensor<16x16xf32>
  %gp = remat.mul %y#3, %y#3 {remat.vjp_of = 2} : tensor<2x16x16xf32>
  %gu = remat.mul %g, %y#2 {remat.vjp_of = 1} : tensor<16x16xf32>
  %gh = remat.mul %gu, %y#1 {remat.vjp_of = 0} : tensor<16x16xf32>
  %gx = remat.matmul %gh, %w transpose_b {remat.vjp_of = 0} : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
  return %gx, %gp : tensor<16x16xf32>, tensor<2x16x16xf32>
}

// CHECK-LABEL: func.func @save_and_offload
// CHECK: remat.matmul {{.*}}remat.decision = "keep"{{.*}} : tensor<16x16xf32>, tensor<16x16xf32>
// CHECK: remat.exp {{.*}}remat.decision = "offload"
// CHECK: remat.matmul {{.*}}remat.decision = "recompute"{{.*}} : tensor<2x16x16xf32>
func.func @save_and_offload(%x: tensor<16x16xf32>, %w: tensor<16x16xf32>, %b: tensor<2x16x16xf32>, %g: tensor<16x16xf32>) -> (tensor<16x16xf32>, tensor<2x16x16xf32>) {
  %y:4 = remat.checkpoint policy <save_and_offload_only_these_names save ["h"] offload ["u"]> -> tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<2x16x16xf32> {
    %h = remat.matmul %x, %w {remat.fwd_id = 0} : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
    %hn = remat.name %h as "h" : tensor<16x16xf32>
    %u = remat.exp %hn {remat.fwd_id = 1} : tensor<16x16xf32>
    %un = remat.name %u as "u" : tensor<16x16xf32>
    %p = remat.matmul %b, %b {remat.fwd_id = 2} : tensor<2x16x16xf32>, tensor<2x16x16xf32> -> tensor<2x16x16xf32>
    %o = remat.add %un, %hn {remat.fwd_id = 3} : tensor<16x16xf32>
    remat.yield %o, %hn, %un, %p : tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<2x16x16xf32>
  }
  %t = remat.tanh %y#0 : tensor<16x16xf32>
  %gp = remat.mul %y#3, %y#3 {remat.vjp_of = 2} : tensor<2x16x16xf32>
  %gu = remat.mul %g, %y#2 {remat.vjp_of = 1} : tensor<16x16xf32>
  %gh = remat.mul %gu, %y#1 {remat.vjp_of = 0} : tensor<16x16xf32>
  %gx = remat.matmul %gh, %w transpose_b {remat.vjp_of = 0} : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
  return %gx, %gp : tensor<16x16xf32>, tensor<2x16x16xf32>
}

// CHECK-LABEL: func.func @offload_dots
// CHECK: remat.matmul {{.*}}remat.decision = "offload"{{.*}} : tensor<16x16xf32>, tensor<16x16xf32>
// CHECK: remat.exp {{.*}}remat.decision = "recompute"
// CHECK: remat.matmul {{.*}}remat.decision = "recompute"{{.*}} : tensor<2x16x16xf32>
func.func @offload_dots(%x: tensor<16x16xf32>, %w: tensor<16x16xf32>, %b: tensor<2x16x16xf32>, %g: tensor<16x16xf32>) -> (tensor<16x16xf32>, tensor<2x16x16xf32>) {
  %y:4 = remat.checkpoint policy <offload_dot_with_no_batch_dims> -> tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<2x16x16xf32> {
    %h = remat.matmul %x, %w {remat.fwd_id = 0} : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
    %hn = remat.name %h as "h" : tensor<16x16xf32>
    %u = remat.exp %hn {remat.fwd_id = 1} : tensor<16x16xf32>
    %un = remat.name %u as "u" : tensor<16x16xf32>
    %p = remat.matmul %b, %b {remat.fwd_id = 2} : tensor<2x16x16xf32>, tensor<2x16x16xf32> -> tensor<2x16x16xf32>
    %o = remat.add %un, %hn {remat.fwd_id = 3} : tensor<16x16xf32>
    remat.yield %o, %hn, %un, %p : tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<2x16x16xf32>
  }
  %t = remat.tanh %y#0 : tensor<16x16xf32>
  %gp = remat.mul %y#3, %y#3 {remat.vjp_of = 2} : tensor<2x16x16xf32>
  %gu = remat.mul %g, %y#2 {remat.vjp_of = 1} : tensor<16x16xf32>
  %gh = remat.mul %gu, %y#1 {remat.vjp_of = 0} : tensor<16x16xf32>
  %gx = remat.matmul %gh, %w transpose_b {remat.vjp_of = 0} : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
  return %gx, %gp : tensor<16x16xf32>, tensor<2x16x16xf32>
}

// CHECK-LABEL: func.func @combined
// CHECK: remat.matmul {{.*}}remat.decision = "keep"{{.*}} : tensor<16x16xf32>, tensor<16x16xf32>
// CHECK: remat.exp {{.*}}remat.decision = "keep"
// CHECK: remat.matmul {{.*}}remat.decision = "recompute"{{.*}} : tensor<2x16x16xf32>
func.func @combined(%x: tensor<16x16xf32>, %w: tensor<16x16xf32>, %b: tensor<2x16x16xf32>, %g: tensor<16x16xf32>) -> (tensor<16x16xf32>, tensor<2x16x16xf32>) {
  %y:4 = remat.checkpoint policy <dots_with_no_batch_dims_saveable | save_only_these_names ["u"]> -> tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<2x16x16xf32> {
    %h = remat.matmul %x, %w {remat.fwd_id = 0} : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
    %hn = remat.name %h as "h" : tensor<16x16xf32>
    %u = remat.exp %hn {remat.fwd_id = 1} : tensor<16x16xf32>
    %un = remat.name %u as "u" : tensor<16x16xf32>
    %p = remat.matmul %b, %b {remat.fwd_id = 2} : tensor<2x16x16xf32>, tensor<2x16x16xf32> -> tensor<2x16x16xf32>
    %o = remat.add %un, %hn {remat.fwd_id = 3} : tensor<16x16xf32>
    remat.yield %o, %hn, %un, %p : tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<2x16x16xf32>
  }
  %t = remat.tanh %y#0 : tensor<16x16xf32>
  %gp = remat.mul %y#3, %y#3 {remat.vjp_of = 2} : tensor<2x16x16xf32>
  %gu = remat.mul %g, %y#2 {remat.vjp_of = 1} : tensor<16x16xf32>
  %gh = remat.mul %gu, %y#1 {remat.vjp_of = 0} : tensor<16x16xf32>
  %gx = remat.matmul %gh, %w transpose_b {remat.vjp_of = 0} : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
  return %gx, %gp : tensor<16x16xf32>, tensor<2x16x16xf32>
}

// A must_save mark beats the region's policy; must_recompute applies outside
// any region too; a random op (side effects) is kept whatever the policy.
// CHECK-LABEL: func.func @marks
// CHECK: remat.matmul {{.*}}remat.decision = "keep"{{.*}}remat.mark = #remat.mark<must_save>
// CHECK: remat.exp {{.*}}remat.decision = "recompute"
// CHECK: remat.dropout {{.*}}remat.decision = "keep"
// CHECK: remat.tanh {{.*}}remat.decision = "recompute"{{.*}}remat.mark = #remat.mark<must_recompute>
func.func @marks(%x: tensor<16x16xf32>, %w: tensor<16x16xf32>, %seed: i64, %g: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %y:3 = remat.checkpoint policy <nothing_saveable> -> tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32> {
    %h = remat.matmul %x, %w {remat.fwd_id = 0, remat.mark = #remat.mark<must_save>} : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
    %u = remat.exp %h {remat.fwd_id = 1} : tensor<16x16xf32>
    %d = remat.dropout %u, %seed rate 0.5 {remat.fwd_id = 2} : tensor<16x16xf32>
    remat.yield %h, %u, %d : tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>
  }
  %t = remat.tanh %y#2 {remat.fwd_id = 3, remat.mark = #remat.mark<must_recompute>} : tensor<16x16xf32>
  %gt = remat.mul %g, %t {remat.vjp_of = 3} : tensor<16x16xf32>
  %gd = remat.mul %gt, %y#2 {remat.vjp_of = 2} : tensor<16x16xf32>
  %gu = remat.mul %gd, %y#1 {remat.vjp_of = 1} : tensor<16x16xf32>
  %gh = remat.mul %gu, %y#0 {remat.vjp_of = 0} : tensor<16x16xf32>
  return %gh : tensor<16x16xf32>
}

// The rewrite inlines the checkpoint and recomputes right before the
// backward reads: under nothing_saveable even h, which u's recomputation
// reads, is recomputed (JAX re-runs the region's forward).
// REWRITE-LABEL: func.func @nothing
// REWRITE-NOT: remat.checkpoint
// REWRITE: remat.matmul {{.*}}remat.recomputed{{.*}} -> tensor<2x16x16xf32>
// REWRITE-NEXT: remat.mul {{.*}}{remat.vjp_of = 2 : i64}
// REWRITE-NEXT: %[[H:.*]] = remat.matmul %{{.*}}, %{{.*}} {remat.copy = {{[0-9]+}} : i64, remat.fwd_id = 0 : i64, remat.recomputed}
// REWRITE-NEXT: %[[HN:.*]] = remat.name %[[H]] as "h"
// REWRITE-NEXT: remat.exp %[[HN]] {remat.copy = {{[0-9]+}} : i64, remat.fwd_id = 1 : i64, remat.recomputed}
// REWRITE-LABEL: func.func @save_and_offload
// REWRITE: %[[U:.*]] = remat.exp
// REWRITE-NEXT: %[[HOST:.*]] = remat.offload %[[U]] : tensor<16x16xf32> -> tensor<16x16xf32, #remat.host>
// REWRITE: %[[R:.*]] = remat.reload %[[HOST]]
// REWRITE-NEXT: %[[RN:.*]] = remat.name %[[R]] as "u"
// REWRITE-NEXT: remat.mul %{{.*}}, %[[RN]] {remat.vjp_of = 1 : i64}
