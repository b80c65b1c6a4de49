//===- MatmulVsBlas.cpp - remat's f32 matmul against OpenBLAS sgemm -------===//
//
// Square f32 matmuls (256, 512, 1024) compiled by remat-lower-cpu and run
// through the JIT, beside OpenBLAS's cblas_sgemm on one thread, in one
// process: same inputs (uniform in [-1, 1)), same machine state, GFLOP/s
// counted as 2*M*N*K per call. Four forms: C = A B (nn), A B^T (nt),
// A^T B (tn), the layouts autodiff's VJPs use, and a batch of 8 (bnn,
// sgemm called once per batch). Before timing, each remat result is checked
// against sgemm's (max |difference| relative to max |C|), so that a fast but
// wrong kernel cannot pass for a fast one.
//
//   remat-bench-matmul [--cpu=NAME] [benchmark flags]
//
// --cpu compiles remat's side for another CPU than the host (remat-lower-cpu
// cpu=, e.g. haswell for the AVX2 kernels on an AVX-512 host; the default is
// the host). OpenBLAS picks its kernels from the CPU it detects; 0.3.21 does
// not know Zen 5 and falls back to its AVX2 (Haswell) kernels.
// OPENBLAS_CORETYPE=SkylakeX selects the AVX-512 ones, Haswell the AVX2
// ones; bench/cpu_bench.py runs the pairs.
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

/// The CPU remat's side is compiled for (--cpu).
std::string benchCpu = "host";

/// The matmul forms: which operands are stored transposed, and batches.
struct Form {
  bool transposeA, transposeB;
  int64_t batch;
};
constexpr Form kForms[] = {
    {false, false, 1}, {false, true, 1}, {true, false, 1}, {false, false, 8}};

/// One remat matmul of size n, compiled once.
struct CompiledMatmul {
  std::unique_ptr<MLIRContext> context;
  std::unique_ptr<CompiledModule> compiled;
  FunctionSignature signature;
};

CompiledMatmul compileMatmul(int64_t n, const Form &form) {
  DialectRegistry registry;
  registerAllDialects(registry);
  registerAllExtensions(registry);
  registerAllToLLVMIRTranslations(registry);
  registerRematDialects(registry);
  CompiledMatmul result;
  result.context = std::make_unique<MLIRContext>(registry);
  std::string t = "tensor<" +
                  (form.batch > 1 ? std::to_string(form.batch) + "x" : "") +
                  std::to_string(n) + "x" + std::to_string(n) + "xf32>";
  std::string attrs = std::string(form.transposeA ? " transpose_a" : "") +
                      (form.transposeB ? " transpose_b" : "");
  std::string source = "func.func @mm(%a: " + t + ", %b: " + t + ") -> " + t +
                       " {\n  %c = remat.matmul %a, %b" + attrs + " : " + t +
                       ", " + t + " -> " + t + "\n  return %c : " + t +
                       "\n}\n";
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(source, result.context.get());
  if (!module) {
    std::fprintf(stderr, "cannot parse the matmul module\n");
    std::exit(1);
  }
  auto func = *module->getOps<func::FuncOp>().begin();
  FailureOr<FunctionSignature> signature = readSignature(func);
  CpuPipelineOptions options;
  options.cpu = benchCpu;
  if (failed(signature) || failed(lowerForCpu(*module, options))) {
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

/// Two (batches of) n x n inputs, uniform in [-1, 1), in tracked memory.
std::vector<HostTensor> makeInputs(int64_t n, int64_t batch) {
  std::vector<HostTensor> tensors;
  for (uint64_t seed : {1, 2}) {
    HostTensor tensor(ElementKind::F32, batch > 1
                                            ? std::vector<int64_t>{batch, n, n}
                                            : std::vector<int64_t>{n, n});
    fillDeterministic(tensor, seed, 2);
    tensors.push_back(std::move(tensor));
  }
  return tensors;
}

void setGflops(benchmark::State &state, int64_t n, int64_t batch) {
  state.counters["GFLOP/s"] = benchmark::Counter(
      2.0 * n * n * n * batch * static_cast<double>(state.iterations()),
      benchmark::Counter::kIsRate);
}

/// sgemm for every batch of `form`.
void sgemm(const Form &form, int64_t n, const float *a, const float *b,
           float *c) {
  for (int64_t i = 0; i < form.batch; ++i)
    cblas_sgemm(CblasRowMajor, form.transposeA ? CblasTrans : CblasNoTrans,
                form.transposeB ? CblasTrans : CblasNoTrans, n, n, n, 1.0f,
                a + i * n * n, n, b + i * n * n, n, 0.0f, c + i * n * n, n);
}

void bmRemat(benchmark::State &state, Form form) {
  int64_t n = state.range(0);
  CompiledMatmul mm = compileMatmul(n, form);
  std::vector<HostTensor> inputs = makeInputs(n, form.batch);
  std::vector<HostTensor> results;
  // Correctness first: the same product from sgemm.
  if (llvm::Error error =
          mm.compiled->invoke(mm.signature, inputs, {}, results)) {
    state.SkipWithError(llvm::toString(std::move(error)).c_str());
    return;
  }
  std::vector<float> reference(form.batch * n * n);
  openblas_set_num_threads(1);
  sgemm(form, n, static_cast<const float *>(inputs[0].data()),
        static_cast<const float *>(inputs[1].data()), reference.data());
  const float *got = static_cast<const float *>(results[0].data());
  double worst = 0, largest = 0;
  for (int64_t i = 0; i < form.batch * n * n; ++i) {
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
  state.SetLabel("cpu " + benchCpu);
  setGflops(state, n, form.batch);
}

void bmOpenBlas(benchmark::State &state, Form form) {
  int64_t n = state.range(0);
  openblas_set_num_threads(1);
  state.SetLabel(std::string("OpenBLAS core ") + openblas_get_corename());
  std::vector<HostTensor> inputs = makeInputs(n, form.batch);
  std::vector<float> c(form.batch * n * n);
  for (auto _ : state) {
    sgemm(form, n, static_cast<const float *>(inputs[0].data()),
          static_cast<const float *>(inputs[1].data()), c.data());
    benchmark::DoNotOptimize(c.data());
  }
  setGflops(state, n, form.batch);
}

std::string formName(const Form &form) {
  return std::string(form.batch > 1 ? "b" : "") +
         (form.transposeA ? "t" : "n") + (form.transposeB ? "t" : "n");
}

} // namespace

int main(int argc, char **argv) {
  // --cpu=NAME is ours; the rest is Google Benchmark's.
  std::vector<char *> args;
  for (int i = 0; i < argc; ++i) {
    llvm::StringRef arg(argv[i]);
    if (arg.consume_front("--cpu="))
      benchCpu = arg.str();
    else
      args.push_back(argv[i]);
  }
  for (const Form &form : kForms) {
    // Batches at 256 and 512 only: 8 x 1024^3 adds nothing but time.
    for (int64_t n : {256, 512, 1024}) {
      if (form.batch > 1 && n > 512)
        continue;
      benchmark::RegisterBenchmark(
          ("remat_matmul_" + formName(form)).c_str(), bmRemat, form)
          ->Arg(n)
          ->Unit(benchmark::kMillisecond);
      benchmark::RegisterBenchmark(
          ("openblas_sgemm_" + formName(form)).c_str(), bmOpenBlas, form)
          ->Arg(n)
          ->Unit(benchmark::kMillisecond);
    }
  }
  int count = static_cast<int>(args.size());
  benchmark::Initialize(&count, args.data());
  if (benchmark::ReportUnrecognizedArguments(count, args.data()))
    return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
