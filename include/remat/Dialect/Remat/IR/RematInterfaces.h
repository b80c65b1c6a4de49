//===- RematInterfaces.h - cost and gradient interfaces ---------*- C++ -*-===//

#ifndef REMAT_DIALECT_REMAT_IR_REMATINTERFACES_H
#define REMAT_DIALECT_REMAT_IR_REMATINTERFACES_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpDefinition.h"
#include "remat/Dialect/Remat/IR/TypeSize.h"

#include "remat/Dialect/Remat/IR/RematInterfaces.h.inc"

#endif // REMAT_DIALECT_REMAT_IR_REMATINTERFACES_H
