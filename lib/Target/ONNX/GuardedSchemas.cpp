//===- GuardedSchemas.cpp - ONNX schemas safe on corrupt models -----------===//
//
// ONNX 1.12's convPoolShapeInference and convTransposeShapeInference divide
// by the strides and index the filter's shape by the input's rank without
// checking either; the checker does not check them either, so a corrupt
// model crashes the importer inside libonnx (fuzz/findings, 2026-12-05).
// The registry below wraps those inference functions in a check that runs
// with the shapes inference has reached, which a check before inference
// could not see for filters computed inside the graph. It also keeps data
// propagation away from nodes whose first input has no type.
//
//===----------------------------------------------------------------------===//

#include "GuardedSchemas.h"

#include <onnx/defs/shape_inference.h>

#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>

using namespace onnx;

namespace remat::onnx_import {
namespace {

/// An operator whose inference is guarded, and which input is its filter.
struct GuardedOp {
  const char *name;
  std::optional<size_t> filterInput;
  bool transposed;
};

constexpr GuardedOp kGuardedOps[] = {
    {"Conv", 1, false},         {"ConvInteger", 1, false},
    {"QLinearConv", 3, false},  {"ConvTranspose", 1, true},
    {"AveragePool", {}, false}, {"MaxPool", {}, false},
    {"LpPool", {}, false},      {"MaxUnpool", {}, false},
};

constexpr int64_t kLargestAttributeValue = (int64_t(1) << 31) - 1;

/// The rank of input `index` where inference knows it.
std::optional<int> knownRank(InferenceContext &ctx, size_t index) {
  if (index >= ctx.getNumInputs())
    return std::nullopt;
  const TypeProto *type = ctx.getInputType(index);
  if (!type || !type->has_tensor_type() || !type->tensor_type().has_shape())
    return std::nullopt;
  return type->tensor_type().shape().dim_size();
}

/// Fails inference unless every value of the ints attribute `name` lies in
/// [lowest, 2^31), and, where `count` is known, it has `count` values.
void checkInts(InferenceContext &ctx, const char *name, int64_t lowest,
               std::optional<size_t> count) {
  const AttributeProto *attr = ctx.getAttribute(name);
  if (!attr)
    return;
  for (int64_t value : attr->ints())
    if (value < lowest || value > kLargestAttributeValue)
      fail_shape_inference("attribute '", name, "' has the value ", value,
                           "; each must lie in [", lowest, ", ",
                           kLargestAttributeValue, "]");
  if (count && static_cast<size_t>(attr->ints_size()) != *count)
    fail_shape_inference("attribute '", name, "' has ", attr->ints_size(),
                         attr->ints_size() == 1 ? " value" : " values",
                         " where the input's spatial rank needs ", *count);
}

void checkConvPoolAttributes(InferenceContext &ctx, const GuardedOp &op) {
  std::optional<int> inputRank = knownRank(ctx, 0);
  if (inputRank && *inputRank < 2)
    fail_shape_inference("input 0 has rank ", *inputRank,
                         "; it needs a batch and a channel dimension");
  // ConvTranspose's inference returns without a shape when a count is
  // wrong, and the importer explains what it does not support (such as
  // output_shape); the others' inference indexes by the counts.
  std::optional<size_t> spatial, twiceSpatial;
  if (inputRank && !op.transposed) {
    spatial = static_cast<size_t>(*inputRank - 2);
    twiceSpatial = 2 * *spatial;
  }
  checkInts(ctx, "strides", 1, spatial);
  checkInts(ctx, "dilations", 1, spatial);
  checkInts(ctx, "kernel_shape", 1, spatial);
  checkInts(ctx, "pads", 0, twiceSpatial);
  checkInts(ctx, "output_padding", 0, spatial);
  if (!op.transposed)
    checkInts(ctx, "output_shape", 0, spatial);
  if (const AttributeProto *group = ctx.getAttribute("group"))
    if (group->i() < 1 || group->i() > kLargestAttributeValue)
      fail_shape_inference("attribute 'group' has the value ", group->i(),
                           "; it must lie in [1, ", kLargestAttributeValue,
                           "]");
  // With auto_pad SAME_* and a stride above 1, ONNX finds the padding by
  // subtracting the stride from the input's size until it is smaller: a
  // loop as long as the size over the stride.
  if (inputRank) {
    const TensorShapeProto &shape = ctx.getInputType(0)->tensor_type().shape();
    for (int d = 2; d < shape.dim_size(); ++d)
      if (shape.dim(d).has_dim_value() &&
          shape.dim(d).dim_value() > kLargestAttributeValue)
        fail_shape_inference("input 0's dimension ", d, " is ",
                             shape.dim(d).dim_value(),
                             "; a spatial dimension must be below 2^31");
  }
  if (!op.filterInput)
    return;
  std::optional<int> filterRank = knownRank(ctx, *op.filterInput);
  if (!filterRank)
    return;
  if (*filterRank < 2)
    fail_shape_inference("the filter (input ", *op.filterInput, ") has rank ",
                         *filterRank,
                         "; it needs output and input channel dimensions");
  if (inputRank && *filterRank != *inputRank)
    fail_shape_inference("the filter (input ", *op.filterInput, ") has rank ",
                         *filterRank, " where the input's rank is ",
                         *inputRank);
}

class GuardedRegistry final : public ISchemaRegistry {
public:
  const OpSchema *GetSchema(const std::string &key,
                            const int maxInclusiveVersion,
                            const std::string &domain) const override {
    const OpSchema *schema =
        OpSchemaRegistry::Schema(key, maxInclusiveVersion, domain);
    if (!schema || !domain.empty())
      return schema;
    const GuardedOp *convPool = nullptr;
    for (const GuardedOp &op : kGuardedOps)
      if (key == op.name && schema->has_type_and_shape_inference_function())
        convPool = &op;
    if (!convPool && !schema->has_data_propagation_function())
      return schema;
    return guarded(*schema, convPool);
  }

private:
  /// A copy of `schema` whose inference checks first (for `convPool`, its
  /// attributes) and whose data propagation runs only when its first input
  /// has a type; one per schema version, made on first use and kept for
  /// the process.
  const OpSchema *guarded(const OpSchema &schema,
                          const GuardedOp *convPool) const {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = copies.find(&schema);
    if (it != copies.end())
      return &it->second;
    OpSchema copy = schema;
    if (convPool) {
      InferenceFunction inner = schema.GetTypeAndShapeInferenceFunction();
      copy.TypeAndShapeInferenceFunction(
          [inner, op = *convPool](InferenceContext &ctx) {
            checkConvPoolAttributes(ctx, op);
            inner(ctx);
          });
    }
    // ONNX goes on to the nodes after one whose inference failed, and a
    // node that reads its result has no type for it. Shape's inference
    // copes, but its data propagation reads the input's type without
    // checking (a null dereference, remat-onnx-fuzzer, 2026-12-05). Every
    // data propagation reads input 0; none can say more without its type.
    if (schema.has_data_propagation_function()) {
      DataPropagationFunction inner = schema.GetDataPropagationFunction();
      copy.PartialDataPropagationFunction([inner](DataPropagationContext &ctx) {
        if (ctx.getNumInputs() > 0 && !ctx.getInputType(0))
          return;
        inner(ctx);
      });
    }
    return &copies.emplace(&schema, std::move(copy)).first->second;
  }

  mutable std::mutex mutex;
  mutable std::map<const OpSchema *, OpSchema> copies;
};

} // namespace

const ISchemaRegistry &guardedSchemaRegistry() {
  static const GuardedRegistry registry;
  return registry;
}

} // namespace remat::onnx_import
