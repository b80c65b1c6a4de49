//===- main.cpp - call a function remat compiled ahead of time ------------===//
//
// mlp.h and mlp.o come from `remat-run examples/mlp.mlir --emit-object
// --emit-header` (see CMakeLists.txt). The program builds the arguments as
// StridedMemRefType descriptors in tracked memory, calls the compiled MLP and
// prints the loss and the peak memory the runtime measured.
//
//===----------------------------------------------------------------------===//

#include "mlp.h"

#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {

/// A row-major tensor in tracked memory with its descriptor.
template <typename T, int N>
struct Tensor {
  explicit Tensor(const int64_t (&shape)[N]) {
    int64_t count = 1;
    for (int d = N - 1; d >= 0; --d) {
      desc.sizes[d] = shape[d];
      desc.strides[d] = count;
      count *= shape[d];
    }
    desc.basePtr = desc.data =
        static_cast<T *>(remat_runtime_alloc(count * sizeof(T)));
    desc.offset = 0;
    elements = count;
  }
  ~Tensor() { remat_runtime_free(desc.basePtr); }
  StridedMemRefType<T, N> desc;
  int64_t elements;
};

/// Uniform values in [-scale, scale) from a fixed LCG: reproducible.
template <typename T, int N>
void fill(Tensor<T, N> &t, unsigned seed, float scale) {
  uint32_t state = seed * 2654435761u + 1;
  for (int64_t i = 0; i < t.elements; ++i) {
    state = state * 1664525u + 1013904223u;
    t.desc.data[i] = static_cast<T>(
        scale * (static_cast<float>(state >> 8) / 8388608.0f - 1.0f));
  }
}

} // namespace

int main() {
  // The signature of @mlp in examples/mlp.mlir.
  Tensor<float, 2> x({1024, 256}), w1({256, 512}), w2({512, 512}),
      w3({512, 256}), w4({256, 10});
  Tensor<int32_t, 1> labels({1024});
  Tensor<float, 1> b1({512}), b2({512}), b3({256}), b4({10});
  fill(x, 1, 1.0f);
  fill(w1, 2, 1.0f);
  fill(w2, 3, 1.0f);
  fill(w3, 4, 1.0f);
  fill(w4, 5, 1.0f);
  fill(b1, 6, 0.1f);
  fill(b2, 7, 0.1f);
  fill(b3, 8, 0.1f);
  fill(b4, 9, 0.1f);
  for (int64_t i = 0; i < labels.elements; ++i)
    labels.desc.data[i] = static_cast<int32_t>(i % 10);

  remat_runtime_reset_peak();
  StridedMemRefType<float, 0> loss;
  _mlir_ciface_mlp(&loss, &x.desc, &labels.desc, &w1.desc, &b1.desc, &w2.desc,
                   &b2.desc, &w3.desc, &b3.desc, &w4.desc, &b4.desc);
  float value = loss.data[loss.offset];
  std::printf("loss %.6f\npeak %lld bytes\n", value,
              static_cast<long long>(remat_runtime_peak_bytes()));
  remat_runtime_free(loss.basePtr);
  // A mean cross-entropy over 10 classes of small logits is near ln(10).
  return (value > 0.5f && value < 10.0f) ? EXIT_SUCCESS : EXIT_FAILURE;
}
