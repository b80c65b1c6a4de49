//===- LinearProgram.cpp - a sparse mixed-integer linear program ----------===//

#include "LinearProgram.h"

#include <algorithm>
#include <cassert>
#include <cmath>

using namespace remat;

int LinearProgram::addColumn(double lower, double upper, double objective,
                             bool isInteger) {
  colLower.push_back(lower);
  colUpper.push_back(upper);
  objectiveCoefs.push_back(objective);
  integer.push_back(isInteger ? 1 : 0);
  return numColumns() - 1;
}

void LinearProgram::addRow(std::vector<Term> terms, double lower,
                           double upper) {
  std::sort(terms.begin(), terms.end(),
            [](const Term &a, const Term &b) { return a.column < b.column; });
  for (size_t i = 0; i < terms.size();) {
    assert(terms[i].column >= 0 && terms[i].column < numColumns() &&
           "row names a column that does not exist");
    Term merged = terms[i];
    for (++i; i < terms.size() && terms[i].column == merged.column; ++i)
      merged.coefficient += terms[i].coefficient;
    if (merged.coefficient != 0)
      entries.push_back(merged);
  }
  rowStarts.push_back(static_cast<int64_t>(entries.size()));
  rowLower.push_back(lower);
  rowUpper.push_back(upper);
}

int LinearProgram::numIntegers() const {
  return static_cast<int>(std::count(integer.begin(), integer.end(), 1));
}

void LinearProgram::setColumnBounds(int column, double lower, double upper) {
  colLower[column] = lower;
  colUpper[column] = upper;
}

void LinearProgram::setObjective(int column, double coefficient) {
  objectiveCoefs[column] = coefficient;
}

void LinearProgram::clearObjective() {
  std::fill(objectiveCoefs.begin(), objectiveCoefs.end(), 0.0);
}

std::vector<LinearProgram::Term> LinearProgram::row(int row) const {
  return std::vector<Term>(entries.begin() + rowStarts[row],
                           entries.begin() + rowStarts[row + 1]);
}

double LinearProgram::objectiveValue(const std::vector<double> &values) const {
  double total = 0;
  for (int c = 0; c < numColumns(); ++c)
    total += objectiveCoefs[c] * values[c];
  return total;
}

double LinearProgram::maxViolation(const std::vector<double> &values) const {
  assert(values.size() == colLower.size() && "one value per column");
  double worst = 0;
  for (int c = 0; c < numColumns(); ++c) {
    double v = values[c];
    worst = std::max({worst, colLower[c] - v, v - colUpper[c]});
    if (integer[c])
      worst = std::max(worst, std::fabs(v - std::round(v)));
  }
  for (int r = 0; r < numRows(); ++r) {
    double activity = 0;
    for (int64_t e = rowStarts[r]; e < rowStarts[r + 1]; ++e)
      activity += entries[e].coefficient * values[entries[e].column];
    worst = std::max({worst, rowLower[r] - activity, activity - rowUpper[r]});
  }
  return worst;
}

LinearProgram::ColumnMajor LinearProgram::columnMajor() const {
  ColumnMajor matrix;
  matrix.starts.assign(static_cast<size_t>(numColumns()) + 1, 0);
  for (const Term &term : entries)
    ++matrix.starts[term.column + 1];
  for (int c = 0; c < numColumns(); ++c)
    matrix.starts[c + 1] += matrix.starts[c];
  matrix.rows.resize(entries.size());
  matrix.values.resize(entries.size());
  std::vector<int> next(matrix.starts.begin(), matrix.starts.end() - 1);
  for (int r = 0; r < numRows(); ++r)
    for (int64_t e = rowStarts[r]; e < rowStarts[r + 1]; ++e) {
      int at = next[entries[e].column]++;
      matrix.rows[at] = r;
      matrix.values[at] = entries[e].coefficient;
    }
  return matrix;
}
