//===- Passes.h - remat transformation passes -------------------*- C++ -*-===//

#ifndef REMAT_DIALECT_REMAT_TRANSFORMS_PASSES_H
#define REMAT_DIALECT_REMAT_TRANSFORMS_PASSES_H

#include "mlir/Pass/Pass.h"
#include "remat/Dialect/Remat/IR/RematDialect.h"

namespace remat {

#define GEN_PASS_DECL
#include "remat/Dialect/Remat/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "remat/Dialect/Remat/Transforms/Passes.h.inc"

} // namespace remat

#endif // REMAT_DIALECT_REMAT_TRANSFORMS_PASSES_H
