//===- LinearProgram.h - a sparse mixed-integer linear program --*- C++ -*-===//
//
// A minimization MILP held row by row, independent of any solver: the exact
// solver's formulation (RematMilp.h) builds one, the CBC backend
// (CbcBackend.h) solves it, and tests evaluate assignments against it.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_LIB_CORE_LINEARPROGRAM_H
#define REMAT_LIB_CORE_LINEARPROGRAM_H

#include <cstdint>
#include <limits>
#include <vector>

namespace remat {

/// A minimization MILP: bounded columns, some integer, and ranged rows
/// `lower <= sum coefficient * column <= upper`, stored sparsely by row.
class LinearProgram {
public:
  /// A coefficient times a column, one term of a row.
  struct Term {
    int column;
    double coefficient;
  };

  /// The matrix in compressed sparse columns, as most solvers load it.
  struct ColumnMajor {
    std::vector<int> starts; ///< numColumns() + 1 entries.
    std::vector<int> rows;
    std::vector<double> values;
  };

  /// An unbounded side of a column or row.
  static constexpr double kInfinity = std::numeric_limits<double>::infinity();

  /// Adds a column and returns its index.
  int addColumn(double lower, double upper, double objective, bool integer);

  /// Adds the row `lower <= sum(terms) <= upper`. Terms on the same column
  /// are summed; zero coefficients are dropped.
  void addRow(std::vector<Term> terms, double lower, double upper);

  int numColumns() const { return static_cast<int>(colLower.size()); }
  int numRows() const { return static_cast<int>(rowLower.size()); }
  int64_t numNonZeros() const { return static_cast<int64_t>(entries.size()); }
  int numIntegers() const;

  double columnLower(int column) const { return colLower[column]; }
  double columnUpper(int column) const { return colUpper[column]; }
  double objective(int column) const { return objectiveCoefs[column]; }
  bool isInteger(int column) const { return integer[column] != 0; }
  double rowLowerBound(int row) const { return rowLower[row]; }
  double rowUpperBound(int row) const { return rowUpper[row]; }

  void setColumnBounds(int column, double lower, double upper);
  void setObjective(int column, double coefficient);
  /// Sets every objective coefficient to zero.
  void clearObjective();

  /// The terms of `row`.
  std::vector<Term> row(int row) const;

  /// The value of the objective at `values` (one entry per column).
  double objectiveValue(const std::vector<double> &values) const;

  /// The largest amount by which `values` violates a column bound, a row or
  /// integrality; 0 when it is a feasible point.
  double maxViolation(const std::vector<double> &values) const;

  /// The matrix by columns.
  ColumnMajor columnMajor() const;

private:
  std::vector<double> colLower, colUpper, objectiveCoefs;
  std::vector<char> integer;
  std::vector<double> rowLower, rowUpper;
  /// Row r's terms are entries[rowStarts[r], rowStarts[r + 1]).
  std::vector<int64_t> rowStarts = {0};
  std::vector<Term> entries;
};

} // namespace remat

#endif // REMAT_LIB_CORE_LINEARPROGRAM_H
