//===- GuardedSchemas.h - ONNX schemas safe on corrupt models ---*- C++ -*-===//
//
// Private to the importer.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_LIB_TARGET_ONNX_GUARDEDSCHEMAS_H
#define REMAT_LIB_TARGET_ONNX_GUARDEDSCHEMAS_H

#include <onnx/defs/schema.h>

namespace remat::onnx_import {

/// The schema registry handed to ONNX's shape inference. It answers with
/// ONNX's own schemas, except that the shape inference of the convolution
/// and pooling operators (Conv, ConvInteger, QLinearConv, ConvTranspose,
/// AveragePool, MaxPool, LpPool, MaxUnpool) first checks what ONNX 1.12's
/// inference trusts and the checker does not: strides, dilations and
/// kernel_shape positive, pads and output_padding non-negative, group
/// positive, every value and the input's spatial sizes below 2^31, the
/// attributes' counts matching the input's rank (except ConvTranspose's,
/// which ONNX checks), and the filter of the input's rank.
/// A model that breaks them fails inference with an error naming the node
/// and attribute, where ONNX would divide by zero or read out of bounds.
/// Data propagation (Shape, Gather, Concat, ... computing shapes) is
/// skipped for a node whose first input has no type, which ONNX's Shape
/// would dereference.
const onnx::ISchemaRegistry &guardedSchemaRegistry();

} // namespace remat::onnx_import

#endif // REMAT_LIB_TARGET_ONNX_GUARDEDSCHEMAS_H
