//===- GradientRules.h - vector-Jacobian products of remat ops --*- C++ -*-===//
//
// RematGradientOpInterface implementations for every differentiable remat
// op, attached as external models: the autodiff rules live with the
// autodiff pass, apart from the op definitions.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_DIALECT_REMAT_TRANSFORMS_GRADIENTRULES_H
#define REMAT_DIALECT_REMAT_TRANSFORMS_GRADIENTRULES_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace remat {

/// Attaches the gradient rules to the remat ops when the dialect loads.
void registerGradientRules(mlir::DialectRegistry &registry);

} // namespace remat

#endif // REMAT_DIALECT_REMAT_TRANSFORMS_GRADIENTRULES_H
