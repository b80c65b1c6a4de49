//===- NodeContext.h - what an ONNX op pattern sees --------------*- C++ -*-===//
//
// The importer (Importer.cpp) walks the graph in order and hands each node
// to the pattern registered for its op type (OpPatterns*.cpp) through a
// NodeContext: the node's inputs as remat values, its outputs' static types
// (from ONNX shape inference), its attributes, constant data of its inputs,
// and an error that names the node.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_LIB_TARGET_ONNX_NODECONTEXT_H
#define REMAT_LIB_TARGET_ONNX_NODECONTEXT_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

#include <onnx/onnx_pb.h>

#include <cstring>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace remat::onnx_import {

/// The static type of an ONNX value, or failure with the reason in `why`
/// (no type known, a symbolic or unknown dimension, an element type remat
/// has no tensors of).
mlir::FailureOr<mlir::RankedTensorType>
convertTensorType(const onnx::TypeProto &type, mlir::MLIRContext *context,
                  std::string &why);

/// The whole `T` values in a tensor's raw data, which ONNX stores
/// little-endian, as the x86-64 and AArch64 hosts remat runs on read them;
/// trailing bytes that make no whole value are ignored.
template <typename T> std::vector<T> rawValues(const std::string &raw) {
  std::vector<T> values(raw.size() / sizeof(T));
  if (!values.empty())
    std::memcpy(values.data(), raw.data(), values.size() * sizeof(T));
  return values;
}

/// Why `tensor`'s data does not match its element type and dims (raw data
/// of the wrong length, or a typed field with the wrong number of values),
/// or nullopt when it matches, is stored externally, or is of a type
/// without a fixed size (STRING). ONNX's own inference trusts this, and
/// reads out of bounds where it does not hold.
std::optional<std::string> tensorDataMismatch(const onnx::TensorProto &tensor);

/// The data of `tensor` as int64 values (INT64, INT32 tensors), or nullopt.
std::optional<std::vector<int64_t>> readInts(const onnx::TensorProto &tensor);
/// The data of a BOOL `tensor` (a byte each in raw data, an int32 each
/// otherwise), or nullopt for another type.
std::optional<std::vector<bool>> readBools(const onnx::TensorProto &tensor);

/// Whether `node` is of the default ONNX domain ("" or "ai.onnx").
inline bool isDefaultDomain(const onnx::NodeProto &node) {
  return node.domain().empty() || node.domain() == "ai.onnx";
}

/// The data of `tensor` as an elements attribute of `type` (float or
/// integer data, raw or typed), or null when it cannot be read (external
/// data, a size that does not match).
mlir::DenseElementsAttr readElements(const onnx::TensorProto &tensor,
                                     mlir::RankedTensorType type);

/// The graph-wide state patterns read through NodeContext.
struct ImportState {
  /// Values by ONNX name.
  llvm::StringMap<mlir::Value> values;
  /// Types by ONNX name: inputs, initializers, value_info and outputs after
  /// shape inference.
  llvm::StringMap<const onnx::TypeProto *> types;
  /// Constant data by ONNX name: initializers and Constant nodes' values.
  llvm::StringMap<const onnx::TensorProto *> constants;
  /// The model's version of the default ONNX domain.
  int64_t opset = 0;
  /// Names some node reads or the graph returns: an output outside this
  /// set is never used (BatchNormalization's running statistics in a
  /// training-mode export).
  llvm::StringSet<> consumed;
  /// The seed argument of training-mode Dropouts (remat.dropout), and the
  /// counter of the next one: each draws from its own range of the stream.
  mlir::Value dropoutSeed;
  int64_t dropoutCounter = 0;
};

class NodeContext {
public:
  NodeContext(const onnx::NodeProto &node, mlir::OpBuilder &builder,
              mlir::Location loc, ImportState &state)
      : node(node), builder(builder), loc(loc), state(state) {}

  const onnx::NodeProto &node;
  mlir::OpBuilder &builder;
  mlir::Location loc;

  /// The model's version of the default ONNX domain.
  int64_t opset() const { return state.opset; }

  /// Whether input `i` is given (ONNX marks an absent optional input "").
  bool hasInput(int i) const;
  /// Input `i` as a remat value; failure after an error when it is absent
  /// or was not imported.
  mlir::FailureOr<mlir::Value> input(int i);
  /// The static type of output `i`; failure after an error naming it.
  mlir::FailureOr<mlir::RankedTensorType> outputType(int i);
  /// The constant int64 data of input `i` (an initializer or a Constant),
  /// or nullopt.
  std::optional<std::vector<int64_t>> constantInts(int i) const;

  /// Attributes, with ONNX's defaults when absent.
  int64_t intAttr(llvm::StringRef name, int64_t fallback) const;
  float floatAttr(llvm::StringRef name, float fallback) const;
  std::optional<std::vector<int64_t>> intsAttr(llvm::StringRef name) const;
  std::optional<std::string> stringAttr(llvm::StringRef name) const;
  const onnx::TensorProto *tensorAttr(llvm::StringRef name) const;

  /// An error at the node: "ONNX node 'name' (OpType): ...".
  mlir::InFlightDiagnostic emitError();

  /// `value` broadcast to `type`'s shape by numpy's rules (its dimensions
  /// aligned to the trailing ones), keeping its element type; `value` itself
  /// when it has that shape already.
  mlir::Value broadcastTo(mlir::Value value, mlir::RankedTensorType type);

  /// Records `value` as output `i`, tagged with the output's ONNX name
  /// (remat.name) so that reports and policies use it.
  void setOutput(int i, mlir::Value value);

  /// The rate of this Dropout node (dropoutRate).
  mlir::FailureOr<double> dropoutRate() const;
  /// remat.dropout of `x` at `rate` with the function's seed argument and
  /// the next free counter.
  mlir::Value dropout(mlir::Value x, double rate);

  /// Whether a node reads the value named `name` or the graph returns it.
  bool isConsumed(llvm::StringRef name) const {
    return state.consumed.contains(name);
  }

private:
  const onnx::AttributeProto *attribute(llvm::StringRef name) const;
  ImportState &state;
};

/// Converts the node in `context` into remat ops, setting its outputs;
/// failure after an error.
using OpPattern = std::function<mlir::LogicalResult(NodeContext &)>;

/// Each file of patterns registers its op types.
void populateElementwisePatterns(llvm::StringMap<OpPattern> &patterns);
void populateNetworkPatterns(llvm::StringMap<OpPattern> &patterns);
void populateShapePatterns(llvm::StringMap<OpPattern> &patterns);

/// Op types whose integer results only compute shapes: when nothing but
/// shape operands reads them, the importer drops them (shape inference has
/// already made every shape static).
bool isShapeComputation(llvm::StringRef opType);

/// `value` without the remat.name tags the importer puts on ONNX values:
/// what a pattern inspects (a constant, a transpose) is under them.
mlir::Value withoutNames(mlir::Value value);

} // namespace remat::onnx_import

#endif // REMAT_LIB_TARGET_ONNX_NODECONTEXT_H
