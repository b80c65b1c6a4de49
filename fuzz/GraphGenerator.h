//===- GraphGenerator.h - forward graphs from fuzzer bytes ------*- C++ -*-===//
//
// Turns a fuzzer's bytes into a well-formed forward function in the remat
// dialect: every byte string gives a graph that parses and verifies, so
// that the autodiff and rematerialize fuzzers spend their time in the
// passes, not in the parser. The op set and the structure follow
// scripts/difftest.py (elementwise ops, matmul with biases, normalizations,
// reductions, reshapes, masks, dropout, tags, marks, checkpoint regions
// with every policy and scans in every mode), at small shapes.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_FUZZ_GRAPHGENERATOR_H
#define REMAT_FUZZ_GRAPHGENERATOR_H

#include <fuzzer/FuzzedDataProvider.h>

#include <string>

namespace remat::fuzz {

/// A forward function `@g` returning an f32 scalar loss (remat.mse), built
/// from the bytes `data` provides.
std::string generateForwardGraph(FuzzedDataProvider &data);

} // namespace remat::fuzz

#endif // REMAT_FUZZ_GRAPHGENERATOR_H
