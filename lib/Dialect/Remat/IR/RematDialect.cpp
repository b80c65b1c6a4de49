//===- RematDialect.cpp - the remat dialect -------------------------------===//

#include "remat/Dialect/Remat/IR/RematDialect.h"

#include "mlir/IR/DialectImplementation.h"
#include "remat/Dialect/Remat/IR/RematOps.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace remat;

#include "remat/Dialect/Remat/IR/RematDialect.cpp.inc"
#include "remat/Dialect/Remat/IR/RematEnums.cpp.inc"
#include "remat/Dialect/Remat/IR/RematInterfaces.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "remat/Dialect/Remat/IR/RematAttrs.cpp.inc"

void RematDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "remat/Dialect/Remat/IR/RematOps.cpp.inc"
      >();
  registerAttributes();
}

void RematDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "remat/Dialect/Remat/IR/RematAttrs.cpp.inc"
      >();
}

Operation *RematDialect::materializeConstant(OpBuilder &builder,
                                             Attribute value, Type type,
                                             Location loc) {
  auto elements = dyn_cast<ElementsAttr>(value);
  if (!elements || elements.getType() != type)
    return nullptr;
  return ConstantOp::create(builder, loc, type, elements);
}

bool remat::isHostTensorType(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  return tensor && isa_and_nonnull<HostMemoryAttr>(tensor.getEncoding());
}
