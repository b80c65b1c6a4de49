//===- CheckTarget.cpp - remat-gpu-check-target ---------------------------===//
//
// What remat-lower-gpu refuses before it starts: unknown chips and binary
// formats. It is a diagnostic, never a failure deep in the pipeline (an
// unsupported chip would otherwise abort in LLVM's NVPTX back end).
//
//===----------------------------------------------------------------------===//

#include "remat/Pipelines/GPU/Passes.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringRef.h"

namespace remat {
#define GEN_PASS_DEF_GPUCHECKTARGET
#include "remat/Pipelines/GPU/Passes.h.inc"
} // namespace remat

using namespace mlir;

/// The chips remat-lower-gpu takes, oldest first, with the least PTX ISA
/// version LLVM's NVPTX back end accepts for each (it aborts below it).
struct ChipEntry {
  llvm::StringLiteral chip, ptx;
};
static constexpr ChipEntry kChips[] = {
    {"sm_70", "+ptx60"},   {"sm_72", "+ptx61"},   {"sm_75", "+ptx63"},
    {"sm_80", "+ptx70"},   {"sm_86", "+ptx71"},   {"sm_87", "+ptx74"},
    {"sm_89", "+ptx78"},   {"sm_90", "+ptx80"},   {"sm_90a", "+ptx80"},
    {"sm_100", "+ptx86"},  {"sm_100a", "+ptx86"}, {"sm_120", "+ptx87"},
    {"sm_120a", "+ptx87"}};

std::optional<std::string> remat::ptxFeatureForChip(llvm::StringRef chip) {
  for (const ChipEntry &entry : kChips)
    if (entry.chip == chip)
      return entry.ptx.str();
  return std::nullopt;
}

namespace {

struct GpuCheckTargetPass final
    : remat::impl::GpuCheckTargetBase<GpuCheckTargetPass> {
  using GpuCheckTargetBase::GpuCheckTargetBase;

  void runOnOperation() override {
    if (!remat::ptxFeatureForChip(chip)) {
      // Option errors at the module's location, without the module, which
      // mlir-opt would print after them.
      InFlightDiagnostic diag = emitError(getOperation().getLoc())
                                << "remat-lower-gpu: unsupported chip '" << chip
                                << "'; expected one of ";
      llvm::interleaveComma(
          kChips, diag, [&](const ChipEntry &entry) { diag << entry.chip; });
      signalPassFailure();
    }
    if (!llvm::is_contained({"isa", "bin", "fatbin"}, format)) {
      emitError(getOperation().getLoc())
          << "remat-lower-gpu: unknown format '" << format
          << "'; expected isa (PTX), bin (cubin) or fatbin";
      signalPassFailure();
    }
    if (optLevel > 3) {
      emitError(getOperation().getLoc())
          << "remat-lower-gpu: opt-level=" << optLevel.getValue()
          << " is out of range; expected 0 to 3";
      signalPassFailure();
    }
  }
};

} // namespace
