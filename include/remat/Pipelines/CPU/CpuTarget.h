//===- CpuTarget.h - the CPU remat-lower-cpu compiles for -------*- C++ -*-===//
//
// remat-lower-cpu compiles for one CPU: the host's (its LLVM name and
// features, as `llc -mcpu=native` finds them) unless `cpu=` names another.
// The choice is recorded on the module as LLVM's own target attribute,
//
//   module attributes {llvm.target = #llvm.target<triple = "x86_64-...",
//       chip = "haswell", features = #llvm.target_features<["+avx2", ...]>>}
//
// read back by the kernels (which register tile fits the CPU's vector
// registers), by the pass that puts `target_cpu`/`target_features` on every
// LLVM function, and by the runner (its target machine, and whether this
// host can run the code at all).
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_PIPELINES_CPU_CPUTARGET_H
#define REMAT_PIPELINES_CPU_CPUTARGET_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>
#include <vector>

namespace remat {

/// The kernels' variants, by the vector registers they are written for.
enum class CpuKernelFamily {
  /// 32 zmm registers of 16 f32 lanes (avx512f).
  Avx512,
  /// 16 ymm registers of 8 f32 lanes with FMA units (avx2 and fma).
  Avx2,
  /// Anything else (SSE2's 16 xmm registers of 4 lanes; other
  /// architectures): correct everywhere, tuned for nothing.
  Portable,
};

/// The register tile of the packed f32 kernel (MatmulKernel.cpp) and of the
/// 16-bit matmuls: `rows` rows of C by `vectors` vectors of 16 f32 lanes.
/// The panel it reads stays 32 columns wide on every target, so the scratch
/// bytes the planner counts (KernelScratch.h) do not depend on the CPU.
struct CpuRegisterTile {
  int64_t rows;
  int64_t vectors;
};

/// How the packed kernel computes on a family of CPUs.
struct CpuKernelChoice {
  CpuRegisterTile tile;
  /// Each multiply-add of the contraction is one fused multiply-add (one
  /// rounding: vfmadd on CPUs with FMA units) rather than a multiply then
  /// an add (two roundings). Both sum every element in increasing k, so
  /// the families that fuse compute the same bits as each other, and the
  /// portable one (no FMA) differs from them by rounding only.
  bool fusedMultiplyAdd;
};

/// A resolved CPU: what the module attribute records.
struct CpuTarget {
  std::string triple;
  std::string cpu;
  /// LLVM feature names with their sign ("+avx2", "-avx512f").
  std::vector<std::string> features;

  /// Whether `features` enables `name` (without the sign).
  bool has(llvm::StringRef name) const;
  CpuKernelFamily family() const;
};

/// The name of a family in options and messages: avx512, avx2, portable.
llvm::StringRef getFamilyName(CpuKernelFamily family);

/// The register tile of a family: 8 x 2 (16 zmm accumulators) on AVX-512,
/// 6 x 1 (12 ymm) on AVX2, 2 x 1 (8 xmm) on the portable fallback.
CpuRegisterTile getRegisterTile(CpuKernelFamily family);

/// The kernel's choices on a family: its register tile, and fused
/// multiply-adds on AVX-512 and AVX2 (whose FMA units run one FMA in the
/// issue slot of a multiply; a multiply then an add takes two slots, which
/// Zen 3 cannot dispatch at peak rate), separate ones on the portable
/// fallback (a CPU without FMA would call fmaf per element).
CpuKernelChoice getKernelChoice(CpuKernelFamily family);

/// The host's CPU: LLVM's name for it and its features (read once;
/// thread-safe).
CpuTarget getHostCpuTarget();

/// llvm::InitializeNativeTarget, run once whichever thread asks first: LLVM's
/// target registration is not thread-safe, and passes that look targets up
/// run on several threads.
void initializeNativeTargetOnce();

/// Resolves `cpu=` and `cpu-features=` option values: `cpu` is "host" (or
/// "native") or an LLVM CPU name of the host's architecture (x86-64,
/// x86-64-v3, haswell, znver3, skylake-avx512, ...); `features` a
/// comma-separated list of +name / -name applied on top. Fails with a
/// message naming the valid values for an unknown name.
llvm::Expected<CpuTarget> resolveCpuTarget(llvm::StringRef cpu,
                                           llvm::StringRef features);

/// The target recorded on `module` (llvm.target), or the host's when there
/// is none.
CpuTarget getModuleCpuTarget(mlir::ModuleOp module);

/// Records `target` on `module` as its llvm.target attribute.
void setModuleCpuTarget(mlir::ModuleOp module, const CpuTarget &target);

/// The features `target` enables that this host's CPU lacks, as LLVM names
/// them (empty when the host can run code compiled for it).
std::vector<std::string> getFeaturesHostLacks(const CpuTarget &target);

} // namespace remat

#endif // REMAT_PIPELINES_CPU_CPUTARGET_H
