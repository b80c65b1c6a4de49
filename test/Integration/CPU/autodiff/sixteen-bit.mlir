// Gradients of 16-bit models against central finite differences. A 16-bit
// loss cannot resolve a small step (bf16 has 8 significant bits), so
// remat-run --check-gradients takes the differences of an f32 copy of the
// primal (@<primal>__f32_reference: every f16/bf16 type and constant made
// f32) at the same 16-bit point, and compares them with the gradient the
// 16-bit code computed: pass when the directional and elementwise relative
// errors are <= 3e-2 (f16) or 5e-2 (bf16), the defaults for those types.
// RUN: remat-opt %s -remat-autodiff="functions=mlp_bf16" | remat-run --entry=mlp_bf16_grad --check-gradients | FileCheck %s --check-prefix=BF16
// RUN: remat-opt %s -remat-autodiff="functions=mlp_f16" | remat-run --entry=mlp_f16_grad --check-gradients | FileCheck %s --check-prefix=F16
// RUN: remat-opt %s -remat-autodiff="functions=mixed" | remat-run --entry=mixed_grad --check-gradients | FileCheck %s --check-prefix=MIXED
// RUN: remat-opt %s -remat-autodiff="functions=bf16_f32_loss" | remat-run --entry=bf16_f32_loss_grad --check-gradients | FileCheck %s --check-prefix=CONVERT
// RUN: remat-opt %s -remat-autodiff="functions=bf16_f32_loss" | FileCheck %s --check-prefix=CONVERT-IR

// BF16: gradient check @mlp_bf16_grad: finite differences of @mlp_bf16__f32_reference, the f32 copy of @mlp_bf16
// BF16-COUNT-4: gradient check @mlp_bf16_grad wrt {{[0-9]+}}: PASSED ({{.*}} <= tol 0.05 over 4 directions,
// BF16-NOT: FAILED
func.func @mlp_bf16(%x: tensor<8x16xbf16>, %labels: tensor<8xi32>,
                    %w1: tensor<16x32xbf16>, %b1: tensor<32xbf16>,
                    %w2: tensor<32x5xbf16>) -> tensor<bf16> {
  %h = remat.matmul %x, %w1 : tensor<8x16xbf16>, tensor<16x32xbf16> -> tensor<8x32xbf16>
  %bb1 = remat.broadcast %b1 dims [1] : tensor<32xbf16> -> tensor<8x32xbf16>
  %h1 = remat.add %h, %bb1 : tensor<8x32xbf16>
  %a = remat.tanh %h1 : tensor<8x32xbf16>
  %o = remat.matmul %a, %w2 : tensor<8x32xbf16>, tensor<32x5xbf16> -> tensor<8x5xbf16>
  %loss = remat.cross_entropy %o, %labels : tensor<8x5xbf16>, tensor<8xi32> -> tensor<bf16>
  return %loss : tensor<bf16>
}

// F16: gradient check @mlp_f16_grad: finite differences of @mlp_f16__f32_reference, the f32 copy of @mlp_f16
// F16-COUNT-4: gradient check @mlp_f16_grad wrt {{[0-9]+}}: PASSED ({{.*}} <= tol 0.03 over 4 directions,
// F16-NOT: FAILED
func.func @mlp_f16(%x: tensor<8x16xf16>, %labels: tensor<8xi32>,
                   %w1: tensor<16x32xf16>, %b1: tensor<32xf16>,
                   %w2: tensor<32x5xf16>) -> tensor<f16> {
  %h = remat.matmul %x, %w1 : tensor<8x16xf16>, tensor<16x32xf16> -> tensor<8x32xf16>
  %bb1 = remat.broadcast %b1 dims [1] : tensor<32xf16> -> tensor<8x32xf16>
  %h1 = remat.add %h, %bb1 : tensor<8x32xf16>
  %a = remat.gelu %h1 tanh : tensor<8x32xf16>
  %o = remat.matmul %a, %w2 : tensor<8x32xf16>, tensor<32x5xf16> -> tensor<8x5xf16>
  %loss = remat.cross_entropy %o, %labels : tensor<8x5xf16>, tensor<8xi32> -> tensor<f16>
  return %loss : tensor<f16>
}

// A bf16 constant and an mse loss: the f32 copy converts the constant
// exactly (a wrong copy would not match the gradient).
// MIXED: gradient check @mixed_grad: finite differences of @mixed__f32_reference, the f32 copy of @mixed
// MIXED-COUNT-2: gradient check @mixed_grad wrt {{[0-9]+}}: PASSED (
// MIXED-NOT: FAILED
func.func @mixed(%x: tensor<4x8xbf16>, %y: tensor<4x8xbf16>) -> tensor<bf16> {
  %c = remat.constant dense<[0.5, -1.5, 2.0, 0.25, 1.0, -0.75, 3.0, 0.125]> : tensor<8xbf16>
  %cb = remat.broadcast %c dims [1] : tensor<8xbf16> -> tensor<4x8xbf16>
  %xc = remat.mul %x, %cb : tensor<4x8xbf16>
  %s = remat.sigmoid %xc : tensor<4x8xbf16>
  %loss = remat.mse %s, %y : tensor<4x8xbf16> -> tensor<bf16>
  return %loss : tensor<bf16>
}

// A bf16 model with an f32 loss (mixed precision as PyTorch's autocast
// computes it): the logits are converted to f32, and their gradient is
// converted back to bf16 for the matmuls' backward.
// CONVERT: gradient check @bf16_f32_loss_grad: finite differences of @bf16_f32_loss__f32_reference
// CONVERT-COUNT-3: gradient check @bf16_f32_loss_grad wrt {{[0-9]+}}: PASSED ({{.*}} <= tol 0.05 over
// CONVERT-NOT: FAILED
// CONVERT-IR-LABEL: func.func @bf16_f32_loss_grad
// CONVERT-IR: remat.convert %{{.*}} : tensor<8x5xbf16> -> tensor<8x5xf32>
// CONVERT-IR: remat.cross_entropy_grad
// CONVERT-IR: remat.convert %{{.*}} : tensor<8x5xf32> -> tensor<8x5xbf16>
func.func @bf16_f32_loss(%x: tensor<8x16xbf16>, %labels: tensor<8xi32>,
                         %w1: tensor<16x32xbf16>,
                         %w2: tensor<32x5xbf16>) -> tensor<f32> {
  %h = remat.matmul %x, %w1 : tensor<8x16xbf16>, tensor<16x32xbf16> -> tensor<8x32xbf16>
  %a = remat.tanh %h : tensor<8x32xbf16>
  %o = remat.matmul %a, %w2 : tensor<8x32xbf16>, tensor<32x5xbf16> -> tensor<8x5xbf16>
  %o32 = remat.convert %o : tensor<8x5xbf16> -> tensor<8x5xf32>
  %loss = remat.cross_entropy %o32, %labels : tensor<8x5xf32>, tensor<8xi32> -> tensor<f32>
  return %loss : tensor<f32>
}
