//===- PolicyAttr.cpp - checkpoint policy and scan mode attributes --------===//
//
// Syntax, verification and meaning of #remat.policy (JAX's
// jax.checkpoint_policies) and #remat.scan_mode.
//
//===----------------------------------------------------------------------===//

#include "remat/Dialect/Remat/IR/RematDialect.h"

#include "remat/Core/RevolveScan.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"

using namespace mlir;
using namespace remat;

//===----------------------------------------------------------------------===//
// PolicyAttr
//===----------------------------------------------------------------------===//

static bool takesNames(PolicyKind kind) {
  switch (kind) {
  case PolicyKind::SaveOnlyTheseNames:
  case PolicyKind::SaveAnyNamesButThese:
  case PolicyKind::SaveAnythingExceptTheseNames:
  case PolicyKind::SaveAndOffloadOnlyTheseNames:
    return true;
  default:
    return false;
  }
}

static bool containsName(ArrayAttr names, StringRef name) {
  return llvm::any_of(names, [&](Attribute a) {
    return cast<StringAttr>(a).getValue() == name;
  });
}

/// Parses `[` string-list `]` into an ArrayAttr of StringAttr.
static FailureOr<ArrayAttr> parseNameList(AsmParser &parser) {
  SmallVector<Attribute> names;
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&] {
        std::string name;
        if (parser.parseString(&name))
          return failure();
        names.push_back(StringAttr::get(parser.getContext(), name));
        return success();
      }))
    return failure();
  return ArrayAttr::get(parser.getContext(), names);
}

static void printNameList(AsmPrinter &printer, ArrayAttr names) {
  printer << '[';
  llvm::interleaveComma(names, printer, [&](Attribute a) {
    printer.printString(cast<StringAttr>(a).getValue());
  });
  printer << ']';
}

/// term := kind names? | save_and_offload_only_these_names save names offload
/// names
static PolicyAttr parsePolicyTerm(AsmParser &parser) {
  MLIRContext *ctx = parser.getContext();
  SMLoc loc = parser.getCurrentLocation();
  StringRef keyword;
  if (parser.parseKeyword(&keyword))
    return {};
  std::optional<PolicyKind> kind = symbolizePolicyKind(keyword);
  if (!kind || *kind == PolicyKind::Any) {
    parser.emitError(loc, "unknown checkpoint policy '")
        << keyword
        << "'; expected one of everything_saveable, nothing_saveable, "
           "dots_saveable, dots_with_no_batch_dims_saveable, "
           "save_only_these_names, save_any_names_but_these, "
           "save_anything_except_these_names, "
           "save_and_offload_only_these_names, offload_dot_with_no_batch_dims";
    return {};
  }
  ArrayAttr empty = ArrayAttr::get(ctx, {});
  ArrayAttr names = empty, offloadNames = empty;
  if (*kind == PolicyKind::SaveAndOffloadOnlyTheseNames) {
    FailureOr<ArrayAttr> saved, offloaded;
    if (parser.parseKeyword("save") || failed(saved = parseNameList(parser)) ||
        parser.parseKeyword("offload") ||
        failed(offloaded = parseNameList(parser)))
      return {};
    names = *saved;
    offloadNames = *offloaded;
  } else if (takesNames(*kind)) {
    FailureOr<ArrayAttr> list = parseNameList(parser);
    if (failed(list))
      return {};
    names = *list;
  }
  return parser.getChecked<PolicyAttr>(loc, ctx, *kind, names, offloadNames,
                                       empty);
}

Attribute PolicyAttr::parse(AsmParser &parser, Type) {
  MLIRContext *ctx = parser.getContext();
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<Attribute> terms;
  if (parser.parseLess())
    return {};
  do {
    PolicyAttr term = parsePolicyTerm(parser);
    if (!term)
      return {};
    terms.push_back(term);
  } while (succeeded(parser.parseOptionalVerticalBar()));
  if (parser.parseGreater())
    return {};
  if (terms.size() == 1)
    return terms.front();
  ArrayAttr empty = ArrayAttr::get(ctx, {});
  return parser.getChecked<PolicyAttr>(loc, ctx, PolicyKind::Any, empty, empty,
                                       ArrayAttr::get(ctx, terms));
}

static void printPolicyTerm(AsmPrinter &printer, PolicyAttr policy) {
  printer << stringifyPolicyKind(policy.getKind());
  if (policy.getKind() == PolicyKind::SaveAndOffloadOnlyTheseNames) {
    printer << " save ";
    printNameList(printer, policy.getNames());
    printer << " offload ";
    printNameList(printer, policy.getOffloadNames());
  } else if (takesNames(policy.getKind())) {
    printer << ' ';
    printNameList(printer, policy.getNames());
  }
}

void PolicyAttr::print(AsmPrinter &printer) const {
  printer << '<';
  if (getKind() == PolicyKind::Any) {
    llvm::interleave(
        getAlternatives(), printer,
        [&](Attribute a) { printPolicyTerm(printer, cast<PolicyAttr>(a)); },
        " | ");
  } else {
    printPolicyTerm(printer, *this);
  }
  printer << '>';
}

LogicalResult
PolicyAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                   PolicyKind kind, ArrayAttr names, ArrayAttr offloadNames,
                   ArrayAttr alternatives) {
  auto allStrings = [](ArrayAttr list) {
    return llvm::all_of(list, [](Attribute a) { return isa<StringAttr>(a); });
  };
  if (!allStrings(names) || !allStrings(offloadNames))
    return emitError() << "checkpoint policy names must be strings";
  if (!takesNames(kind) && !names.empty())
    return emitError() << "checkpoint policy '" << stringifyPolicyKind(kind)
                       << "' takes no names";
  if (kind != PolicyKind::SaveAndOffloadOnlyTheseNames &&
      !offloadNames.empty())
    return emitError() << "only save_and_offload_only_these_names takes "
                          "offload names";
  if (kind == PolicyKind::SaveAndOffloadOnlyTheseNames) {
    SmallVector<StringRef> both;
    for (Attribute a : offloadNames)
      if (containsName(names, cast<StringAttr>(a).getValue()))
        both.push_back(cast<StringAttr>(a).getValue());
    if (!both.empty()) {
      InFlightDiagnostic diag = emitError();
      diag << "save_and_offload_only_these_names: the save and offload name "
              "lists must not intersect, but ";
      llvm::interleaveComma(both, diag,
                            [&](StringRef n) { diag << "'" << n << "'"; });
      diag << " appear(s) in both";
      return diag;
    }
  }
  if (kind == PolicyKind::Any) {
    if (alternatives.size() < 2)
      return emitError() << "a combined checkpoint policy needs at least two "
                            "alternatives, got "
                         << alternatives.size();
    for (Attribute a : alternatives) {
      auto alt = dyn_cast<PolicyAttr>(a);
      if (!alt || alt.getKind() == PolicyKind::Any)
        return emitError() << "alternatives of a combined checkpoint policy "
                              "must be single policies";
    }
  } else if (!alternatives.empty()) {
    return emitError() << "only a combined checkpoint policy has alternatives";
  }
  return success();
}

bool PolicyAttr::isSaveable(StringRef name, bool isDot,
                            bool hasBatchDims) const {
  switch (getKind()) {
  case PolicyKind::EverythingSaveable:
    return true;
  case PolicyKind::NothingSaveable:
  case PolicyKind::OffloadDotWithNoBatchDims:
    return false;
  case PolicyKind::DotsSaveable:
    return isDot;
  case PolicyKind::DotsWithNoBatchDimsSaveable:
    return isDot && !hasBatchDims;
  case PolicyKind::SaveOnlyTheseNames:
  case PolicyKind::SaveAndOffloadOnlyTheseNames:
    return !name.empty() && containsName(getNames(), name);
  case PolicyKind::SaveAnyNamesButThese:
    return !name.empty() && !containsName(getNames(), name);
  case PolicyKind::SaveAnythingExceptTheseNames:
    return name.empty() || !containsName(getNames(), name);
  case PolicyKind::Any:
    return llvm::any_of(getAlternatives(), [&](Attribute a) {
      return cast<PolicyAttr>(a).isSaveable(name, isDot, hasBatchDims);
    });
  }
  llvm_unreachable("unknown policy kind");
}

bool PolicyAttr::isOffloaded(StringRef name, bool isDot,
                             bool hasBatchDims) const {
  switch (getKind()) {
  case PolicyKind::SaveAndOffloadOnlyTheseNames:
    return !name.empty() && containsName(getOffloadNames(), name);
  case PolicyKind::OffloadDotWithNoBatchDims:
    return isDot && !hasBatchDims;
  case PolicyKind::Any:
    return llvm::any_of(getAlternatives(), [&](Attribute a) {
      return cast<PolicyAttr>(a).isOffloaded(name, isDot, hasBatchDims);
    });
  default:
    return false;
  }
}

//===----------------------------------------------------------------------===//
// ScanModeAttr
//===----------------------------------------------------------------------===//

Attribute ScanModeAttr::parse(AsmParser &parser, Type) {
  SMLoc loc = parser.getCurrentLocation();
  StringRef keyword;
  if (parser.parseLess() || parser.parseKeyword(&keyword))
    return {};
  std::optional<ScanModeKind> kind = symbolizeScanModeKind(keyword);
  if (!kind) {
    parser.emitError(loc, "unknown scan remat mode '")
        << keyword << "'; expected none, full, nested, offload, revolve or auto";
    return {};
  }
  int64_t blockSize = 0;
  OptionalParseResult hasBlock = parser.parseOptionalInteger(blockSize);
  if (hasBlock.has_value() && failed(*hasBlock))
    return {};
  // 0 stands for the default inside the attribute; written out, it is a
  // mistake.
  if (hasBlock.has_value() && blockSize == 0) {
    if (*kind == ScanModeKind::Revolve)
      parser.emitError(loc, "revolve needs at least 1 checkpoint slot, got 0; "
                            "write 'revolve' alone for the default, about "
                            "sqrt(2L)");
    else
      parser.emitError(loc, "scan block size must be at least 1, got 0; "
                            "write 'nested' alone for the default, "
                            "ceil(sqrt(L))");
    return {};
  }
  if (parser.parseGreater())
    return {};
  return parser.getChecked<ScanModeAttr>(loc, parser.getContext(), *kind,
                                         blockSize);
}

void ScanModeAttr::print(AsmPrinter &printer) const {
  printer << '<' << stringifyScanModeKind(getKind());
  if (getBlockSize() != 0)
    printer << ' ' << getBlockSize();
  printer << '>';
}

LogicalResult
ScanModeAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                     ScanModeKind kind, int64_t blockSize) {
  if (blockSize < 0)
    return emitError() << (kind == ScanModeKind::Revolve
                               ? "revolve slot count must be positive, got "
                               : "scan block size must be positive, got ")
                       << blockSize;
  if (blockSize != 0 && kind != ScanModeKind::Nested &&
      kind != ScanModeKind::Revolve)
    return emitError() << "only the 'nested' (block size) and 'revolve' "
                          "(checkpoint slots) scan modes take a number";
  return success();
}

int64_t ScanModeAttr::getRevolveSlots(int64_t length) const {
  if (getBlockSize() > 0)
    return getBlockSize();
  return defaultRevolveSlots(length);
}
