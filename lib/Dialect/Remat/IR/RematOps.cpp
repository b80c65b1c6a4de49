//===- RematOps.cpp - generated op definitions ----------------------------===//
//
// The hand-written parts of the ops live in files named for their family
// (ElementwiseOps, ContractionOps, ...); this file instantiates what ODS
// generated for all of them.
//
//===----------------------------------------------------------------------===//

#include "remat/Dialect/Remat/IR/RematOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace remat;

#define GET_OP_CLASSES
#include "remat/Dialect/Remat/IR/RematOps.cpp.inc"
