//===- MatmulVsBlas.cpp - remat's f32 matmul against OpenBLAS sgemm -------===//
//
// Square f32 matmuls (256, 512, 1024) compiled by remat-lower-cpu and run
// through the JIT, beside OpenBLAS's cblas_sgemm on one thread, in one
// process: same inputs (uniform in [-1, 1)), same machine state, GFLOP/s
// counted as 2*M*N*K per call. Four forms: C = A B (nn), A B^T (nt),
// A^T B (tn), the layouts autodiff's VJPs use, and a batch of 8 (bnn,
// sgemm called once per batch). Also 3x3 convolutions (stride 1, padding
// 1, a batch of 4 images; ResNet's stages: 64 channels at 56x56, 128 at
// 28x28, 256 at 14x14) against sgemm on their im2col matrices (built
// before timing: the peer's time is the GEMM alone, per image
// [F, 9C] x [9C, HW]). Before timing, each remat result is checked
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

/// Parses and compiles the module `source` (one function) for benchCpu.
CompiledMatmul compileSource(const std::string &source) {
  DialectRegistry registry;
  registerAllDialects(registry);
  registerAllExtensions(registry);
  registerAllToLLVMIRTranslations(registry);
  registerRematDialects(registry);
  CompiledMatmul result;
  result.context = std::make_unique<MLIRContext>(registry);
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(source, result.context.get());
  if (!module) {
    std::fprintf(stderr, "cannot parse the benchmark's module\n");
    std::exit(1);
  }
  auto func = *module->getOps<func::FuncOp>().begin();
  FailureOr<FunctionSignature> signature = readSignature(func);
  CpuPipelineOptions options;
  options.cpu = benchCpu;
  if (failed(signature) || failed(lowerForCpu(*module, options))) {
    std::fprintf(stderr, "cannot lower the benchmark's module\n");
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

CompiledMatmul compileMatmul(int64_t n, const Form &form) {
  std::string t = "tensor<" +
                  (form.batch > 1 ? std::to_string(form.batch) + "x" : "") +
                  std::to_string(n) + "x" + std::to_string(n) + "xf32>";
  std::string attrs = std::string(form.transposeA ? " transpose_a" : "") +
                      (form.transposeB ? " transpose_b" : "");
  return compileSource("func.func @mm(%a: " + t + ", %b: " + t + ") -> " + t +
                       " {\n  %c = remat.matmul %a, %b" + attrs + " : " + t +
                       ", " + t + " -> " + t + "\n  return %c : " + t +
                       "\n}\n");
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

/// Whether remat's `result` is within 1e-5 of `reference`'s largest
/// magnitude (recorded as the counter rel_diff_vs_sgemm); else the
/// benchmark is skipped with an error naming `what` it was checked against.
bool matchesReference(benchmark::State &state, const HostTensor &result,
                      const std::vector<float> &reference, const char *what) {
  const float *got = static_cast<const float *>(result.data());
  double worst = 0, largest = 0;
  for (size_t i = 0; i < reference.size(); ++i) {
    worst = std::max(worst, std::fabs(double(got[i]) - reference[i]));
    largest = std::max(largest, std::fabs(double(reference[i])));
  }
  state.counters["rel_diff_vs_sgemm"] = worst / largest;
  if (worst <= 1e-5 * largest)
    return true;
  state.SkipWithError(
      (std::string("remat's result differs from ") + what).c_str());
  return false;
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
  if (!matchesReference(state, results[0], reference, "sgemm's"))
    return;
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

/// A 3x3 convolution, stride 1, padding 1: `batch` images of `channels`
/// x size x size into as many filters.
struct ConvBench {
  int64_t batch = 4, channels, size;
  /// The GEMM of one image: [F, 9C] x [9C, HW].
  int64_t m() const { return channels; }
  int64_t k() const { return 9 * channels; }
  int64_t n() const { return size * size; }
};

/// The convolution benchmarked for `channels` (ResNet's stages).
ConvBench convFor(int64_t channels) {
  return {4, channels, channels == 64 ? 56 : channels == 128 ? 28 : 14};
}

CompiledMatmul compileConv(const ConvBench &conv) {
  auto dims = [](std::initializer_list<int64_t> sizes) {
    std::string t = "tensor<";
    for (int64_t size : sizes)
      t += std::to_string(size) + "x";
    return t + "f32>";
  };
  std::string x = dims({conv.batch, conv.channels, conv.size, conv.size});
  std::string w = dims({conv.channels, conv.channels, 3, 3});
  return compileSource("func.func @conv(%x: " + x + ", %w: " + w + ") -> " + x +
                       " {\n  %y = remat.conv2d %x, %w padding [1, 1, 1, "
                       "1] : " +
                       x + ", " + w + " -> " + x + "\n  return %y : " + x +
                       "\n}\n");
}

/// The input and filter, uniform in [-1, 1), in tracked memory.
std::vector<HostTensor> makeConvInputs(const ConvBench &conv) {
  HostTensor x(ElementKind::F32,
               {conv.batch, conv.channels, conv.size, conv.size});
  HostTensor w(ElementKind::F32, {conv.channels, conv.channels, 3, 3});
  fillDeterministic(x, 1, 2);
  fillDeterministic(w, 2, 2);
  std::vector<HostTensor> tensors;
  tensors.push_back(std::move(x));
  tensors.push_back(std::move(w));
  return tensors;
}

/// The im2col matrices of every image, [9C, HW] each (zeros where a window
/// reads the padding).
std::vector<float> im2col(const ConvBench &conv, const float *x) {
  int64_t s = conv.size, c = conv.channels;
  std::vector<float> columns(conv.batch * conv.k() * conv.n(), 0.0f);
  for (int64_t b = 0; b < conv.batch; ++b)
    for (int64_t ci = 0; ci < c; ++ci)
      for (int64_t kh = 0; kh < 3; ++kh)
        for (int64_t kw = 0; kw < 3; ++kw) {
          float *row = columns.data() + b * conv.k() * conv.n() +
                       (ci * 9 + kh * 3 + kw) * conv.n();
          for (int64_t oh = 0; oh < s; ++oh)
            for (int64_t ow = 0; ow < s; ++ow) {
              int64_t h = oh + kh - 1, v = ow + kw - 1;
              if (h >= 0 && h < s && v >= 0 && v < s)
                row[oh * s + ow] = x[((b * c + ci) * s + h) * s + v];
            }
        }
  return columns;
}

/// sgemm for every image: filter [F, 9C] times its im2col matrix.
void convSgemm(const ConvBench &conv, const float *w, const float *columns,
               float *y) {
  for (int64_t b = 0; b < conv.batch; ++b)
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, conv.m(), conv.n(),
                conv.k(), 1.0f, w, conv.k(), columns + b * conv.k() * conv.n(),
                conv.n(), 0.0f, y + b * conv.m() * conv.n(), conv.n());
}

void setConvGflops(benchmark::State &state, const ConvBench &conv) {
  state.counters["GFLOP/s"] =
      benchmark::Counter(2.0 * conv.batch * conv.m() * conv.n() * conv.k() *
                             static_cast<double>(state.iterations()),
                         benchmark::Counter::kIsRate);
}

void bmRematConv(benchmark::State &state) {
  ConvBench conv = convFor(state.range(0));
  CompiledMatmul compiled = compileConv(conv);
  std::vector<HostTensor> inputs = makeConvInputs(conv);
  std::vector<HostTensor> results;
  if (llvm::Error error =
          compiled.compiled->invoke(compiled.signature, inputs, {}, results)) {
    state.SkipWithError(llvm::toString(std::move(error)).c_str());
    return;
  }
  // Correctness first: the same convolution as im2col and sgemm.
  openblas_set_num_threads(1);
  std::vector<float> columns =
      im2col(conv, static_cast<const float *>(inputs[0].data()));
  std::vector<float> reference(conv.batch * conv.m() * conv.n());
  convSgemm(conv, static_cast<const float *>(inputs[1].data()), columns.data(),
            reference.data());
  if (!matchesReference(state, results[0], reference, "im2col + sgemm's"))
    return;
  for (auto _ : state) {
    results.clear();
    if (llvm::Error error = compiled.compiled->invoke(compiled.signature,
                                                      inputs, {}, results)) {
      state.SkipWithError(llvm::toString(std::move(error)).c_str());
      return;
    }
    benchmark::DoNotOptimize(results.back().data());
  }
  state.SetLabel("cpu " + benchCpu);
  setConvGflops(state, conv);
}

void bmOpenBlasConv(benchmark::State &state) {
  ConvBench conv = convFor(state.range(0));
  openblas_set_num_threads(1);
  state.SetLabel(std::string("OpenBLAS core ") + openblas_get_corename());
  std::vector<HostTensor> inputs = makeConvInputs(conv);
  std::vector<float> columns =
      im2col(conv, static_cast<const float *>(inputs[0].data()));
  std::vector<float> y(conv.batch * conv.m() * conv.n());
  for (auto _ : state) {
    convSgemm(conv, static_cast<const float *>(inputs[1].data()),
              columns.data(), y.data());
    benchmark::DoNotOptimize(y.data());
  }
  setConvGflops(state, conv);
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
  for (int64_t channels : {64, 128, 256}) {
    benchmark::RegisterBenchmark("remat_conv3x3", bmRematConv)
        ->Arg(channels)
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark("openblas_sgemm_conv3x3", bmOpenBlasConv)
        ->Arg(channels)
        ->Unit(benchmark::kMillisecond);
  }
  int count = static_cast<int>(args.size());
  benchmark::Initialize(&count, args.data());
  if (benchmark::ReportUnrecognizedArguments(count, args.data()))
    return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
