//===- Passes.td - remat transformation passes -------------*- tablegen -*-===//

#ifndef REMAT_DIALECT_REMAT_TRANSFORMS_PASSES_TD
#define REMAT_DIALECT_REMAT_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def Rematerialize : Pass<"remat-rematerialize", "mlir::ModuleOp"> {
  let summary = "Choose what to keep, recompute or offload under a byte budget";
  let description = [{
    For each function (all defined functions, or those named by `functions`),
    builds the memory problem of its body (values, sizes, live ranges, costs),
    solves it under `budget`, replays the plan independently of the solver to
    check it, then rewrites the function: each recomputed value is cloned
    immediately before its first read after the gap, together with any
    operands that are no longer in memory, in dependency order; offloaded
    values get `remat.offload` after their last read before the gap and
    `remat.reload` before the next read. No other live range is extended.
    `remat.checkpoint` regions are inlined once their policies have been
    turned into constraints.

    Budgets take units (`64MiB`, `1.5GB`, `123456`) or a share of the
    unconstrained peak (`50%`). Without a budget only policies and marks
    apply, as in JAX. An infeasible budget is an error on the op where the
    smallest reachable peak occurs, naming that peak.

    Example, with a 14 KiB budget, a 4 KiB broadcast that is cheap to redo is
    recomputed instead of kept across the 16 KiB peak:

    ```mlir
    // Before
    %b = remat.broadcast %v dims [1] : tensor<8xf32> -> tensor<128x8xf32>
    %e = remat.exp %x : tensor<128x8xf32>
    ...                       // peak: %b, %e and two more 4 KiB values live
    %s = remat.add %y, %b : tensor<128x8xf32>

    // After remat-rematerialize{budget=14KiB}
    %b = remat.broadcast %v dims [1] : tensor<8xf32> -> tensor<128x8xf32>
    %e = remat.exp %x : tensor<128x8xf32>
    ...                       // peak: 12 KiB
    %b2 = remat.broadcast %v dims [1] {remat.recomputed} : ...
    %s = remat.add %y, %b2 : tensor<128x8xf32>
    ```

    Reports: `report-text` (like JAX's `print_saved_residuals`: every value
    saved for the backward pass with its name, type, size, location and the
    specific reason it is saved, then the values kept across the peak; `-`
    for stderr), `report=<file.json>` (the same plus both memory profiles
    and every value copy's lifetime) and `report-html=<file.html>` (a
    self-contained memory timeline: stacked device memory before and after,
    budget, forward/backward boundary, recompute/offload/reload markers,
    host memory, value lifetimes).
    `analysis-only` writes the decisions onto the ops as attributes and
    leaves the IR otherwise unchanged.

    Every recomputed clone and reload carries a distinct `remat.copy`
    number, so `-cse` and `-canonicalize` after this pass keep the plan
    (docs/pipelines.md).
  }];
  let options = [
    Option<"budget", "budget", "std::string", /*default=*/"\"\"",
           "Peak device bytes allowed: 64MiB, 1.5GB, 123456 or 50% of the "
           "unconstrained peak; a bare number below 1024 needs a unit "
           "(75B for bytes). Default: none, apply policies only.">,
    Option<"solver", "solver", "std::string", /*default=*/"\"auto\"",
           "greedy | exact | search | chain | policy | auto. search: "
           "improves the greedy's plan (and the chain's, on a chain of "
           "layers) within time-limit and reports a proven lower bound; chain: the Rotor DP, for a training step "
           "that is a chain of layers (an error naming the op that breaks "
           "the chain otherwise); auto returns within 2 s (or time-limit): "
           "exact on small problems, search otherwise, the chain's plan "
           "when cheaper (docs/solvers.md). Default: auto">,
    Option<"timeLimit", "time-limit", "double", /*default=*/"30.0",
           "Seconds the exact and search solvers may take; auto takes 2 "
           "unless this is given (default: 30)">,
    Option<"verbose", "verbose", "bool", /*default=*/"false",
           "Print the progress of long solves (search, auto) on stderr, at "
           "most once a second (default: false)">,
    Option<"target", "target", "std::string", /*default=*/"\"cpu\"",
           "The target the function is compiled for, whose memory model "
           "(buffer granule, kernel temporaries, view copies, host memory) "
           "sizes the plan (default: cpu)">,
    Option<"allowOffload", "allow-offload", "bool", /*default=*/"false",
           "Let the solver move any value to host memory, not only those an "
           "offloading policy names (greedy, search, exact and auto; the "
           "chain solver does not offload; default: false)">,
    Option<"offloadBandwidth", "offload-bandwidth", "std::string",
           /*default=*/"\"\"",
           "Bytes per second moved to or from host memory by an offload or "
           "reload (e.g. 25e9); with flop-rate it prices a transfer in "
           "compute time (default: the target's: cpu 10e9, a one-thread "
           "memcpy; gpu 50e9, pinned copies over PCIe 5.0)">,
    Option<"flopRate", "flop-rate", "std::string", /*default=*/"\"\"",
           "FLOPs per second of the compiled code (e.g. 40e9), against which "
           "transfers are priced: a byte moved costs flop-rate / "
           "offload-bandwidth FLOPs (default: the target's: cpu 40e9, the "
           "one-thread training steps; gpu 5e12)">,
    Option<"reportText", "report-text", "std::string", /*default=*/"\"\"",
           "Write the text report to this file ('-' for stderr; default: "
           "none)">,
    Option<"reportJson", "report", "std::string", /*default=*/"\"\"",
           "Write the JSON report to this file (default: none)">,
    Option<"reportHtml", "report-html", "std::string", /*default=*/"\"\"",
           "Write the HTML memory timeline to this file (default: none)">,
    Option<"budgetKind", "budget-kind", "std::string", /*default=*/"\"peak\"",
           "What the budget bounds: peak (the step's peak device bytes) or "
           "saved (the device bytes saved for the backward pass, as "
           "PyTorch's activation_memory_budget; N% is then a share of what "
           "the unplanned step saves; not solver=policy or chain). Default: peak">,
    Option<"bestEffort", "best-effort", "bool", /*default=*/"false",
           "When the budget cannot be met, plan to the smallest peak the "
           "solver reaches and warn with it (XLA's behaviour) instead of "
           "failing (default: false)">,
    Option<"minRematBytes", "min-remat-bytes", "std::string",
           /*default=*/"\"\"",
           "Values smaller than this (64KiB, 4096, ...) are never recomputed "
           "or offloaded, as XLA's min_remat_size; checkpoint policies still "
           "decide in their regions (default: none)">,
    Option<"analysisOnly", "analysis-only", "bool", /*default=*/"false",
           "Annotate decisions as attributes instead of rewriting "
           "(default: false)">,
    ListOption<"functions", "functions", "std::string",
               "Functions to plan (default: the gradients remat-autodiff "
               "made, those with remat.primal, or every defined function "
               "where there is none; a name that is missing, a declaration "
               "or not a func.func is an error, and a module with no "
               "function body a warning)">
  ];
  let statistics = [
    Statistic<"peakBefore", "peak-bytes-before",
              "Largest unconstrained peak of a planned function, in bytes">,
    Statistic<"peakAfter", "peak-bytes-after",
              "Largest planned peak of a planned function, in bytes">,
    Statistic<"valuesRecomputed", "values-recomputed",
              "Recomputations inserted">,
    Statistic<"valuesOffloaded", "values-offloaded",
              "Values moved to host memory and back">,
    Statistic<"flopsAdded", "flops-added",
              "FLOPs added by recomputation">
  ];
  let dependentDialects = ["::remat::RematDialect"];
}

def Autodiff : Pass<"remat-autodiff", "mlir::ModuleOp"> {
  let summary = "Derive the backward pass of a forward function";
  let description = [{
    For each function @f it differentiates (`functions`, default: every
    defined public function whose `loss` result is a 0-d float tensor), adds
    @f_grad returning the loss and the gradients of the selected arguments
    (`wrt`, default: every f32, f16 or bf16 tensor argument; integer and
    f64 arguments have no gradient rules and get no gradient), as
    `jax.value_and_grad`.
    Forward and backward ops sit in one function in program order: the joint
    graph remat-rematerialize plans. @f stays.

    Each op's vector-Jacobian product comes from RematGradientOpInterface and
    is built from remat ops. Gradients of values used several times are
    summed; integer inputs and paths that do not depend on a selected
    argument get none. Every differentiated forward op carries
    `remat.fwd_id = N` and every op of its backward `remat.vjp_of = N`, so
    reports and checkpoint policies can tell them apart. `remat.checkpoint`
    regions and `remat.name` tags survive: a region yields the values its
    backward reads (its residuals), and its policy decides which of them are
    kept.

    A `remat.scan` is differentiated into a reverse scan whose mode says what
    the forward stacks for it: everything its layers' VJPs read (`none`),
    the carries (`full`), every k-th carry with blocks re-run (`nested k`),
    the carries in host memory (`offload`), the checkpoints of an optimal
    Revolve schedule with s slots (`revolve s`). `auto` scans take the
    cheapest of those whose joint graph fits `budget` (`offload` only with
    `allow-offload`, as remat-rematerialize), revolve with the most slots
    that fit.

    ```mlir
    // Before
    func.func @f(%x: tensor<4xf32>) -> tensor<f32> {
      %e = remat.exp %x : tensor<4xf32>
      %l = remat.reduce_sum %e dims [0] : tensor<4xf32> -> tensor<f32>
      return %l : tensor<f32>
    }
    // After remat-autodiff, in addition to @f:
    func.func @f_grad(%x: tensor<4xf32>) -> (tensor<f32>, tensor<4xf32>) {
      %e = remat.exp %x {remat.fwd_id = 0} : tensor<4xf32>
      %l = remat.reduce_sum %e dims [0] {remat.fwd_id = 1} : ...
      %one = remat.constant dense<1.0> : tensor<f32>
      %ge = remat.broadcast %one dims [] {remat.vjp_of = 1} : ...
      %gx = remat.mul %ge, %e {remat.vjp_of = 0} : tensor<4xf32>
      return %l, %gx : tensor<f32>, tensor<4xf32>
    }
    ```
  }];
  let options = [
    ListOption<"functions", "functions", "std::string",
               "Functions to differentiate (default: every defined public "
               "function whose loss result is a 0-d float tensor, a warning "
               "when there is none; a name that is missing, a declaration "
               "or not a func.func is an error)">,
    ListOption<"wrt", "wrt", "unsigned",
               "Indices of the arguments to differentiate (default: every "
               "f32, f16 or bf16 tensor argument; integer and f64 ones have "
               "no gradient)">,
    Option<"loss", "loss", "unsigned", /*default=*/"0",
           "Index of the result to differentiate; it must be a 0-d float "
           "tensor (default: 0)">,
    Option<"budget", "budget", "std::string", /*default=*/"\"\"",
           "Peak device bytes the joint graph may reach, for choosing the "
           "mode of each `auto` scan (64MiB, 1.5GB, 123456, or 50% of the "
           "peak with every auto scan as `none`). Empty: auto scans are "
           "`none` (the default).">,
    Option<"target", "target", "std::string", /*default=*/"\"cpu\"",
           "The target the function is compiled for, whose memory model "
           "(buffer granule, kernel temporaries, view copies, host memory) "
           "sizes the plan (default: cpu)">,
    Option<"allowOffload", "allow-offload", "bool", /*default=*/"false",
           "Let `auto` scans choose `offload` (their carries in host "
           "memory), as remat-rematerialize's option of that name lets it "
           "offload values (default: false)">,
    Option<"offloadBandwidth", "offload-bandwidth", "std::string",
           /*default=*/"\"\"",
           "Bytes per second to or from host memory, pricing an offload "
           "scan's transfers as remat-rematerialize does (default: the "
           "target's: cpu 10e9, gpu 50e9)">,
    Option<"flopRate", "flop-rate", "std::string", /*default=*/"\"\"",
           "FLOPs per second against which transfers are priced (default: "
           "the target's: cpu 40e9, gpu 5e12)">
  ];
  let dependentDialects = ["::remat::RematDialect"];
}

#endif // REMAT_DIALECT_REMAT_TRANSFORMS_PASSES_TD
