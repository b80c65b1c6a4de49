//===- Passes.td - remat conversion passes -----------------*- tablegen -*-===//

#ifndef REMAT_CONVERSION_PASSES_TD
#define REMAT_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertRematToLinalg : Pass<"convert-remat-to-linalg"> {
  let summary = "Lower remat ops to linalg, tensor, arith and math on tensors";
  let description = [{
    Every remat op becomes tensor-level upstream IR: named linalg ops where
    they exist (`linalg.matmul`, `linalg.batch_matmul`,
    `linalg.conv_2d_nchw_fchw`, `linalg.conv_2d_ngchw_gfchw`,
    `linalg.pooling_nchw_max`, `linalg.pooling_nchw_sum`,
    `linalg.transpose`), `linalg.generic` for the rest (elementwise math,
    broadcasts, reductions, softmax, normalization, losses, dropout), views
    for reshapes and slices, `scf.for` for `remat.scan`. f16 and bf16 compute
    and accumulate in f32. `remat.checkpoint` and `remat.name` disappear;
    `remat.offload`/`remat.reload` become copies into fresh buffers, in the
    `#remat.host` memory space for host memory (each target's pipeline
    allocates that space: `remat-lower-host-memory` on the CPU). Foreign elementwise ops on static
    tensors (`arith` and `math`, integer ones included) become a
    `linalg.generic` applying the same op to one element, with a fresh result
    tensor, as the planner counts them; other foreign ops are left alone.
    `remat.hold` (from `remat-hold-operands`) stays. `remat.mark` attributes
    on foreign ops are dropped: they are for planning, which is done.

    ```mlir
    // Before
    %y = remat.relu %x : tensor<4xf32>
    // After
    %e = tensor.empty() : tensor<4xf32>
    %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
        ins(%x : tensor<4xf32>) outs(%e : tensor<4xf32>) {
    ^bb0(%a: f32, %out: f32):
      %zero = arith.constant 0.0 : f32
      %r = arith.maximumf %a, %zero : f32
      linalg.yield %r : f32
    } -> tensor<4xf32>
    ```
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect", "::mlir::bufferization::BufferizationDialect",
    "::mlir::linalg::LinalgDialect", "::mlir::math::MathDialect",
    "::mlir::memref::MemRefDialect", "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect"
  ];
}

def HoldOperands : Pass<"remat-hold-operands", "::mlir::func::FuncOp"> {
  let summary = "Keep each remat op's operands alive until the op is done";
  let description = [{
    The memory model counts an op's operands as live while the op runs, with
    its scratch on top. A lowering in stages can free an operand it reads
    only in an early stage: a padded convolution frees its input once the
    padded copy is made, a 16-bit max_pool2d_grad frees its input before
    converting its f32 accumulator. The measured peak is then below the
    plan, by up to one operand (10% on an f16 CNN). This pass, run before
    `convert-remat-to-linalg`, puts a `remat.hold` of each computing remat
    op's tensor operands right after the op, so that the lowered stages all
    run with the operands alive, as planned. Views (`remat.name`,
    `remat.reshape`, `remat.slice`), structure ops whose bodies are lowered
    in place (`remat.checkpoint`) and terminators get none.

    ```mlir
    // Before
    %y = remat.max_pool2d_grad %x, %g kernel [2, 2] : ...
    // After
    %y = remat.max_pool2d_grad %x, %g kernel [2, 2] : ...
    remat.hold %x, %g : tensor<16x16x32x32xf16>, tensor<16x16x16x16xf16>
    ```
  }];
  let dependentDialects = ["::remat::RematDialect"];
}

#endif // REMAT_CONVERSION_PASSES_TD
