//===- Import.h - ONNX models to the remat dialect ---------------*- C++ -*-===//
//
// Imports an ONNX model (a .onnx file: a ModelProto) as one func.func in the
// remat dialect, ready for remat-autodiff. The importer (Importer.cpp) reads
// the model, fixes its symbolic dimensions, runs ONNX's shape inference so
// that every value has a static type, and walks the graph; each node is
// converted by the pattern registered for its op type (OpPatterns*.cpp), as
// torch-mlir separates its ONNX importer from its per-op conversions.
//
// The function's arguments are, in order: the graph's inputs that are not
// initializers (the data), the labels when a cross-entropy loss is
// appended, then the float initializers of more than one element that
// some op reads (the parameters; a batch norm's running statistics are not
// read in training mode), each with its ONNX name as the argument attribute
// `onnx.name`. Integer and single-element initializers are constants (the
// scalars exporters fold). Every value a node
// computes is tagged with its ONNX name (remat.name), so that reports and
// checkpoint policies speak the model's names. Integer tensors that only
// compute shapes (Shape -> Gather -> Concat -> Reshape chains) are folded
// away: shape inference gives every shape statically.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_TARGET_ONNX_IMPORT_H
#define REMAT_TARGET_ONNX_IMPORT_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>

namespace remat {

/// A loss appended to the model's first output, so that the function can
/// be differentiated.
enum class OnnxLoss {
  None,
  /// The mean of every element of the output.
  Mean,
  /// Cross-entropy of the output, logits [N, C], against integer labels
  /// [N] (a new argument after the data inputs), averaged over the batch as
  /// torch.nn.CrossEntropyLoss does.
  CrossEntropy,
};

struct OnnxImportOptions {
  /// The value of every symbolic first dimension of a graph input.
  std::optional<int64_t> batchSize;
  /// Values of symbolic dimensions by name (`--dim name=value`); they take
  /// precedence over batchSize.
  std::map<std::string, int64_t> dims;
  OnnxLoss loss = OnnxLoss::None;
  /// The function's name; empty: the graph's name, made an identifier.
  std::string functionName;
};

/// Imports the ONNX model in `path`. Returns null after emitting errors on
/// `context` (an unreadable or malformed file, an unknown op naming the
/// node, a symbolic dimension without a value, an unsupported type or
/// attribute).
mlir::OwningOpRef<mlir::ModuleOp>
importOnnxFile(llvm::StringRef path, mlir::MLIRContext *context,
               const OnnxImportOptions &options);

/// Imports the ONNX model whose serialized bytes are `bytes`, naming it
/// `name` in locations and diagnostics; otherwise as importOnnxFile.
mlir::OwningOpRef<mlir::ModuleOp>
importOnnxBuffer(llvm::StringRef bytes, llvm::StringRef name,
                 mlir::MLIRContext *context, const OnnxImportOptions &options);

/// The ONNX op types the importer converts, sorted.
std::vector<std::string> getSupportedOnnxOps();

} // namespace remat

#endif // REMAT_TARGET_ONNX_IMPORT_H
