//===- ConstantFolding.h - evaluate constant ONNX nodes ---------*- C++ -*-===//
//
// Private to the importer.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_LIB_TARGET_ONNX_CONSTANTFOLDING_H
#define REMAT_LIB_TARGET_ONNX_CONSTANTFOLDING_H

#include "NodeContext.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringSet.h"

#include <deque>

namespace remat::onnx_import {

/// Evaluates, in graph order, every node whose inputs are all constants
/// (initializers and Constant nodes' values, except the names in
/// `notConstant`: the parameters) or, for Shape, whose input has a static
/// type: Shape, Gather, Concat, Slice, Range, Cast, Reshape, Squeeze,
/// Unsqueeze, Flatten, Identity, Expand (to at most 4096 elements), Add,
/// Sub, Mul, Div, Pow,
/// Reciprocal, Sqrt, Neg, Equal, Less, Greater, Not and Where over int32,
/// int64, float and bool tensors of at most 2^22 elements. Each result is
/// added to `state.constants` (the tensors owned by `storage`); returns the
/// indices of the nodes evaluated (Constant nodes included).
llvm::DenseSet<size_t>
foldConstantNodes(const onnx::GraphProto &graph, ImportState &state,
                  const llvm::StringSet<> &notConstant,
                  std::deque<onnx::TensorProto> &storage);

/// The value of the one-element constant `name` (an initializer, a Constant
/// or a folded value of int, float or bool type), or nullopt.
std::optional<double> constantScalarValue(const ImportState &state,
                                          llvm::StringRef name);

/// The rate at which the Dropout `node` drops: its ratio when it is in
/// training mode (opset 12 and later: the constant inputs `ratio`, default
/// 0.5, and `training_mode`, default false), 0 when it is the identity
/// (inference, or a ratio of 0); failure when either is not a constant.
mlir::FailureOr<double> dropoutRate(const onnx::NodeProto &node,
                                    const ImportState &state);

} // namespace remat::onnx_import

#endif // REMAT_LIB_TARGET_ONNX_CONSTANTFOLDING_H
