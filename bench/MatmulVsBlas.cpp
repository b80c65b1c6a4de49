//===- MatmulVsBlas.cpp - remat's f32 matmul against OpenBLAS sgemm -------===//
//
// Square f32 matmuls (256, 512, 1024) compiled by remat-lower-cpu and run
// through the JIT, beside OpenBLAS's cblas_sgemm on one thread, in one
// process: same inputs (uniform in [-1, 1)), same machine state, GFLOP/s
// counted as 2*M*N*K per call. Before timing, each remat result is checked
// against sgemm's (max |difference| relative to max |C|), so that a fast but
// wrong kernel cannot pass for a fast one.
//
// OpenBLAS picks its kernels from the CPU it detects; 0.3.21 does not know
// Zen 5 and falls back to its AVX2 (Haswell) kernels. OPENBLAS_CORETYPE=
// SkylakeX selects the AVX-512 ones; bench/cpu.sh runs both.
//
// The remat side includes what a call of compiled code does: allocating the
// result through the tracked allocator (sgemm writes into a preallocated C).
//
//===----------------------------------------------------------------------===//

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "remat/Registration.h"
#include "remat/Runner/Runner.h"

#include <benchmark/benchmark.h>
#include <cblas.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

extern "C" void openblas_set_num_threads(int);
extern "C" char *openblas_get_corename(void);

using namespace mlir;
using namespace remat;

namespace {

/// One remat matmul of size n, compiled once.
struct CompiledMatmul {
  std::unique_ptr<MLIRContext> context;
  std::unique_ptr<CompiledModule> compiled;
  FunctionSignature signature;
};

CompiledMatmul compileMatmul(int64_t n) {
  DialectRegistry registry;
  registerAllDialects(registry);
  registerAllExtensions(registry);
  registerAllToLLVMIRTranslations(registry);
  registerRematDialects(registry);
  CompiledMatmul result;
  result.context = std::make_unique<MLIRContext>(registry);
  std::string t = "tensor<" + std::to_string(n) + "x" + std::to_string(n) +
                  "xf32>";
  std::string source = "func.func @mm(%a: " + t + ", %b: " + t + ") -> " + t +
                       " {\n  %c = remat.matmul %a, %b : " + t + ", " + t +
                       " -> " + t + "\n  return %c : " + t + "\n}\n";
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(source, result.context.get());
  if (!module) {
    std::fprintf(stderr, "cannot parse the matmul module\n");
    std::exit(1);
  }
  auto func = *module->getOps<func::FuncOp>().begin();
  FailureOr<FunctionSignature> signature = readSignature(func);
  if (failed(signature) || failed(lowerForCpu(*module, CpuPipelineOptions()))) {
    std::fprintf(stderr, "cannot lower the matmul module\n");
    std::exit(1);
  }
  result.signature = *signature;
  auto compiled = CompiledModule::compile(*module);
  if (!compiled) {
    std::fprintf(stderr, "JIT: %s\n",
                 llvm::toString(compiled.takeError()).c_str());
    std::exit(1);
  }
  result.compiled = std::move(*compiled);
  return result;
}

/// Two n x n inputs, uniform in [-1, 1), in tracked memory.
std::vector<HostTensor> makeInputs(int64_t n) {
  std::vector<HostTensor> tensors;
  for (uint64_t seed : {1, 2}) {
    HostTensor tensor(ElementKind::F32, {n, n});
    fillDeterministic(tensor, seed, 2);
    tensors.push_back(std::move(tensor));
  }
  return tensors;
}

void setGflops(benchmark::State &state, int64_t n) {
  state.counters["GFLOP/s"] = benchmark::Counter(
      2.0 * n * n * n * static_cast<double>(state.iterations()),
      benchmark::Counter::kIsRate);
}

void bmRemat(benchmark::State &state) {
  int64_t n = state.range(0);
  CompiledMatmul mm = compileMatmul(n);
  std::vector<HostTensor> inputs = makeInputs(n);
  std::vector<HostTensor> results;
  // Correctness first: the same product from sgemm.
  if (llvm::Error error =
          mm.compiled->invoke(mm.signature, inputs, {}, results)) {
    state.SkipWithError(llvm::toString(std::move(error)).c_str());
    return;
  }
  std::vector<float> reference(n * n);
  cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1.0f,
              static_cast<const float *>(inputs[0].data()), n,
              static_cast<const float *>(inputs[1].data()), n, 0.0f,
              reference.data(), n);
  const float *got = static_cast<const float *>(results[0].data());
  double worst = 0, largest = 0;
  for (int64_t i = 0; i < n * n; ++i) {
    worst = std::max(worst, std::fabs(double(got[i]) - reference[i]));
    largest = std::max(largest, std::fabs(double(reference[i])));
  }
  state.counters["rel_diff_vs_sgemm"] = worst / largest;
  if (worst > 1e-5 * largest) {
    state.SkipWithError("remat's result differs from sgemm's");
    return;
  }
  for (auto _ : state) {
    results.clear();
    if (llvm::Error error =
            mm.compiled->invoke(mm.signature, inputs, {}, results)) {
      state.SkipWithError(llvm::toString(std::move(error)).c_str());
      return;
    }
    benchmark::DoNotOptimize(results.back().data());
  }
  setGflops(state, n);
}

void bmOpenBlas(benchmark::State &state) {
  int64_t n = state.range(0);
  openblas_set_num_threads(1);
  state.SetLabel(std::string("OpenBLAS core ") + openblas_get_corename());
  std::vector<HostTensor> inputs = makeInputs(n);
  std::vector<float> c(n * n);
  for (auto _ : state) {
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1.0f,
                static_cast<const float *>(inputs[0].data()), n,
                static_cast<const float *>(inputs[1].data()), n, 0.0f,
                c.data(), n);
    benchmark::DoNotOptimize(c.data());
  }
  setGflops(state, n);
}

} // namespace

BENCHMARK(bmRemat)
    ->Name("remat_matmul")
    ->Arg(256)->Arg(512)->Arg(1024)
    ->Unit(benchmark::kMillisecond);
BENCHMARK(bmOpenBlas)
    ->Name("openblas_sgemm")
    ->Arg(256)->Arg(512)->Arg(1024)
    ->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
