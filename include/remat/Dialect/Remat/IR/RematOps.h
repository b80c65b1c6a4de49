//===- RematOps.h - remat operations ----------------------------*- C++ -*-===//

#ifndef REMAT_DIALECT_REMAT_IR_REMATOPS_H
#define REMAT_DIALECT_REMAT_IR_REMATOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "remat/Dialect/Remat/IR/RematDialect.h"
#include "remat/Dialect/Remat/IR/RematInterfaces.h"
#include "remat/Dialect/Remat/IR/TypeSize.h"

#define GET_OP_CLASSES
#include "remat/Dialect/Remat/IR/RematOps.h.inc"

#endif // REMAT_DIALECT_REMAT_IR_REMATOPS_H
