# remat_add_library(name SOURCES... [DEPENDS tgt...] [LINK_LIBS lib...]
#                   [MLIR] [SHARED])
#
# Adds one of our libraries as a plain CMake target (not add_mlir_library, whose
# install rules belong to MLIR's own export set), exported as Remat::<name>.
# MLIR libraries link libMLIR.so; the Core and Runtime layers link nothing of
# MLIR at all.
# The MLIR headers most of our MLIR code includes, precompiled once
# (REMAT_PRECOMPILE_HEADERS, remat_use_mlir_pch).
set(REMAT_PCH_HEADERS
  <mlir/IR/Builders.h>
  <mlir/IR/BuiltinOps.h>
  <mlir/IR/BuiltinTypes.h>
  <mlir/IR/IRMapping.h>
  <mlir/IR/Matchers.h>
  <mlir/IR/PatternMatch.h>
  <mlir/IR/SymbolTable.h>
  <mlir/Interfaces/FunctionInterfaces.h>
  <mlir/Interfaces/SideEffectInterfaces.h>
  <mlir/Pass/Pass.h>
  <mlir/Dialect/Arith/IR/Arith.h>
  <mlir/Dialect/Bufferization/IR/Bufferization.h>
  <mlir/Dialect/Func/IR/FuncOps.h>
  <mlir/Dialect/Linalg/IR/Linalg.h>
  <mlir/Dialect/LLVMIR/LLVMDialect.h>
  <mlir/Dialect/Math/IR/Math.h>
  <mlir/Dialect/MemRef/IR/MemRef.h>
  <mlir/Dialect/SCF/IR/SCF.h>
  <mlir/Dialect/Tensor/IR/Tensor.h>
  <mlir/Dialect/Vector/IR/VectorOps.h>
  <mlir/Transforms/GreedyPatternRewriteDriver.h>
  <llvm/ADT/DenseMap.h>
  <llvm/ADT/STLExtras.h>
  <llvm/ADT/SmallVector.h>
  <llvm/Support/raw_ostream.h>)

# remat_use_mlir_pch(target)
#
# Most of a pass's compile time is parsing the MLIR headers above (a
# 200-line pass took 14 of its 16 s in -fsyntax-only): with
# REMAT_PRECOMPILE_HEADERS, every target that includes MLIR (our MLIR
# libraries, the tools, the unit tests and the fuzzers) reuses one
# precompiled header, built once by RematMlirPch (one per library cost
# 30-50 s of compile time each under the sanitizers). Its users must be
# compiled with its flags (-fPIC, the optimization level, the sanitizers):
# clang refuses a PCH built with others. No Passes.h among the headers:
# those expand GEN_PASS_* macros that each file defines before including
# them.
function(remat_use_mlir_pch target)
  if(NOT REMAT_PRECOMPILE_HEADERS)
    return()
  endif()
  if(NOT TARGET RematMlirPch)
    set(source ${PROJECT_BINARY_DIR}/RematMlirPch.cpp)
    if(NOT EXISTS ${source})
      file(WRITE ${source} "// The object that carries remat's shared PCH.\n")
    endif()
    add_library(RematMlirPch OBJECT ${source})
    set_target_properties(RematMlirPch PROPERTIES POSITION_INDEPENDENT_CODE ON)
    target_include_directories(RematMlirPch SYSTEM PRIVATE
      ${LLVM_INCLUDE_DIRS} ${MLIR_INCLUDE_DIRS})
    target_precompile_headers(RematMlirPch PRIVATE ${REMAT_PCH_HEADERS})
  endif()
  target_precompile_headers(${target} REUSE_FROM RematMlirPch)
endfunction()

function(remat_add_library name)
  cmake_parse_arguments(ARG "MLIR;SHARED" "" "DEPENDS;LINK_LIBS" ${ARGN})
  if(ARG_SHARED)
    add_library(${name} SHARED ${ARG_UNPARSED_ARGUMENTS})
  else()
    add_library(${name} STATIC ${ARG_UNPARSED_ARGUMENTS})
    set_target_properties(${name} PROPERTIES POSITION_INDEPENDENT_CODE ON)
  endif()
  add_library(Remat::${name} ALIAS ${name})
  if(ARG_DEPENDS)
    add_dependencies(${name} ${ARG_DEPENDS})
  endif()
  target_include_directories(${name} PUBLIC
    $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include>
    $<BUILD_INTERFACE:${PROJECT_BINARY_DIR}/include>
    $<INSTALL_INTERFACE:include>)
  if(ARG_LINK_LIBS)
    target_link_libraries(${name} PUBLIC ${ARG_LINK_LIBS})
  endif()
  if(ARG_MLIR)
    target_link_libraries(${name} PUBLIC MLIR LLVM)
    target_include_directories(${name} SYSTEM PUBLIC
      ${LLVM_INCLUDE_DIRS} ${MLIR_INCLUDE_DIRS})
    remat_use_mlir_pch(${name})
  endif()
  if(REMAT_ENABLE_SANITIZERS)
    # Instrumented code needs the sanitizer runtimes in whatever links it,
    # including a find_package(Remat) consumer of the installed package.
    target_link_options(${name} INTERFACE -fsanitize=address,undefined)
  endif()
  set_property(GLOBAL APPEND PROPERTY REMAT_EXPORTED_LIBS ${name})
endfunction()
