//===- MinimalRegistryTest.cpp - embedding with remat's registration only -===//
//
// A compiler that embeds remat registers `func` and
// remat::registerRematDialects, nothing of MLIR's "register everything"
// helpers. With that alone, the whole flow must work on every kind of model
// the examples and the scan modes produce: remat-autodiff,
// remat-rematerialize (with recomputation and offloading), remat-lower-cpu
// down to the LLVM dialect, and JIT compilation. (examples/consumer runs
// the result too, from the installed package.)
//
//===----------------------------------------------------------------------===//

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"
#include "remat/Dialect/Remat/Transforms/Passes.h"
#include "remat/Pipelines/CPU/MemoryModel.h"
#include "remat/Pipelines/Pipelines.h"
#include "remat/Registration.h"
#include "remat/Runner/Runner.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <string>

using namespace mlir;

namespace {

/// One scan, as test/Integration/CPU/autodiff/scan.mlir writes it, in `mode`.
std::string scanModel(const std::string &mode) {
  return R"mlir(
func.func @stack(%x: tensor<8x16xf32>, %ws: tensor<4x16x16xf32>, %bs: tensor<4x16xf32>, %seed: i64) -> tensor<f32> {
  %h = remat.scan mode <)mlir" +
         mode + R"mlir(> (%c = %x : tensor<8x16xf32>) over (%w = %ws : tensor<4x16x16xf32>, %b = %bs : tensor<4x16xf32>) -> (tensor<8x16xf32>) {
    %m = remat.matmul %c, %w : tensor<8x16xf32>, tensor<16x16xf32> -> tensor<8x16xf32>
    %s = remat.scale %m, 0.25 : tensor<8x16xf32>
    %bb = remat.broadcast %b dims [1] : tensor<16xf32> -> tensor<8x16xf32>
    %a = remat.add %s, %bb : tensor<8x16xf32>
    %t = remat.tanh %a : tensor<8x16xf32>
    remat.yield %t : tensor<8x16xf32>
  }
  %d = remat.dropout %h, %seed rate 0.25 : tensor<8x16xf32>
  %sq = remat.mul %d, %d : tensor<8x16xf32>
  %l = remat.reduce_sum %sq dims [0, 1] : tensor<8x16xf32> -> tensor<f32>
  return %l : tensor<f32>
}
)mlir";
}

class MinimalRegistry : public ::testing::Test {
protected:
  static void SetUpTestSuite() { remat::registerAllPasses(); }

  MinimalRegistry() : context(makeRegistry()) {}

  static DialectRegistry makeRegistry() {
    DialectRegistry registry;
    registry.insert<func::FuncDialect>();
    remat::registerRematDialects(registry);
    return registry;
  }

  /// Parses `source`, runs `pipeline` (textual; with `cleanups`, then -cse
  /// and -canonicalize) and remat-lower-cpu through the C++ API, and
  /// JIT-compiles the result. Returns the diagnostics on failure, "" on
  /// success.
  std::string compile(const std::string &source, const std::string &pipeline,
                      bool cleanups = false) {
    std::string diagnostics;
    llvm::raw_string_ostream os(diagnostics);
    ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
      os << diag << "\n";
      return success();
    });
    OwningOpRef<ModuleOp> module =
        parseSourceString<ModuleOp>(source, &context);
    if (!module)
      return "parse failed: " + diagnostics;
    PassManager pm(&context);
    if (failed(parsePassPipeline(pipeline, pm, os)))
      return "bad pipeline: " + diagnostics;
    if (cleanups) {
      pm.addPass(createCSEPass());
      pm.addPass(createCanonicalizerPass());
    }
    if (failed(pm.run(*module)))
      return "'" + pipeline + "' failed: " + diagnostics;
    PassManager lower(&context);
    remat::buildCpuPipeline(lower, remat::CpuPipelineOptions());
    if (failed(lower.run(*module)))
      return "remat-lower-cpu failed: " + diagnostics;
    if (remat::needsLowering(*module))
      return "ops outside the LLVM dialect are left";
    auto compiled = remat::CompiledModule::compile(*module);
    if (!compiled)
      return "JIT: " + llvm::toString(compiled.takeError()) + diagnostics;
    return "";
  }

  static std::string readExample(const std::string &name) {
    std::string path = std::string(REMAT_SOURCE_DIR) + "/examples/" + name;
    auto buffer = llvm::MemoryBuffer::getFile(path);
    EXPECT_TRUE(static_cast<bool>(buffer)) << path;
    return buffer ? (*buffer)->getBuffer().str() : "";
  }

  MLIRContext context;
};

TEST_F(MinimalRegistry, Examples) {
  const char *plan = "remat-autodiff,remat-rematerialize{budget=80% "
                     "solver=greedy allow-offload}";
  for (const char *name : {"mlp.mlir", "transformer.mlir", "convnet.mlir"})
    EXPECT_EQ(compile(readExample(name), plan), "") << name;
}

TEST_F(MinimalRegistry, ScanModes) {
  for (const char *mode : {"none", "full", "nested", "offload", "revolve"})
    EXPECT_EQ(compile(scanModel(mode), "remat-autodiff,remat-rematerialize"),
              "")
        << "mode " << mode;
}

// What a plan leaves between planning and lowering survives the cleanups a
// host compiler runs (remat.copy keeps recomputed clones apart).
TEST_F(MinimalRegistry, CleanupsBetweenPlanAndLowering) {
  EXPECT_EQ(compile(readExample("mlp.mlir"),
                    "remat-autodiff,remat-rematerialize{budget=75% "
                    "solver=greedy}",
                    /*cleanups=*/true),
            "");
}

/// A target like the CPU but without host memory: the diagnostics for
/// offloading on such a target (no registered target lacks it).
class NoHostMemoryModel final : public remat::TargetMemoryModel {
public:
  StringRef getName() const override { return "test-no-host"; }
  int64_t getBufferAlignment() const override {
    return remat::getCpuMemoryModel().getBufferAlignment();
  }
  int64_t getScratchBytes(Operation *op) const override {
    return remat::getCpuMemoryModel().getScratchBytes(op);
  }
  bool viewNeedsCopy(Operation *op) const override {
    return remat::getCpuMemoryModel().viewNeedsCopy(op);
  }
  bool hasHostMemory() const override { return false; }
  double getHostLinkBandwidth() const override {
    return remat::getCpuMemoryModel().getHostLinkBandwidth();
  }
  double getFlopRate() const override {
    return remat::getCpuMemoryModel().getFlopRate();
  }
};

TEST_F(MinimalRegistry, OffloadNeedsHostMemory) {
  remat::registerTargetMemoryModel(std::make_unique<NoHostMemoryModel>());
  // A scan in offload mode.
  std::string error =
      compile(scanModel("offload"), "remat-autodiff{target=test-no-host}");
  EXPECT_NE(error.find("'remat.scan' op puts values in host memory, but "
                       "target 'test-no-host' has none (remat-autodiff); use "
                       "mode <full>, <nested> or <revolve>"),
            std::string::npos)
      << error;
  // Recomputation alone plans on it.
  EXPECT_EQ(compile(scanModel("nested"),
                    "remat-autodiff{target=test-no-host},remat-"
                    "rematerialize{target=test-no-host}"),
            "");
  // allow-offload.
  error = compile(readExample("mlp.mlir"),
                  "remat-autodiff,remat-rematerialize{target=test-no-host "
                  "budget=80% allow-offload}");
  EXPECT_NE(error.find("remat-rematerialize: allow-offload needs host "
                       "memory, and target 'test-no-host' has none; drop "
                       "allow-offload"),
            std::string::npos)
      << error;
  // An explicit offload.
  error = compile(R"mlir(
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %h = remat.offload %x : tensor<4xf32> -> tensor<4xf32, #remat.host>
  %y = remat.reload %h : tensor<4xf32, #remat.host> -> tensor<4xf32>
  return %y : tensor<4xf32>
}
)mlir",
                  "remat-rematerialize{target=test-no-host}");
  EXPECT_NE(error.find("'remat.offload' op puts values in host memory, but "
                       "target 'test-no-host' has none (remat-rematerialize)"),
            std::string::npos)
      << error;
  // An offloading checkpoint policy.
  error = compile(R"mlir(
func.func @f(%x: tensor<64x64xf32>, %w: tensor<64x64xf32>) -> tensor<f32> {
  %y = remat.checkpoint policy <save_and_offload_only_these_names save [] offload ["h"]> -> tensor<64x64xf32> {
    %m = remat.matmul %x, %w : tensor<64x64xf32>, tensor<64x64xf32> -> tensor<64x64xf32>
    %h = remat.name %m as "h" : tensor<64x64xf32>
    %t = remat.tanh %h : tensor<64x64xf32>
    remat.yield %t : tensor<64x64xf32>
  }
  %l = remat.reduce_sum %y dims [0, 1] : tensor<64x64xf32> -> tensor<f32>
  return %l : tensor<f32>
}
)mlir",
                  "remat-autodiff,remat-rematerialize{target=test-no-host}");
  EXPECT_NE(error.find("is offloaded by its checkpoint's policy, but target "
                       "'test-no-host' has no host memory"),
            std::string::npos)
      << error;
}

} // namespace
