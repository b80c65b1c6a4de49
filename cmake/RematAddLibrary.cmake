# remat_add_library(name SOURCES... [DEPENDS tgt...] [LINK_LIBS lib...]
#                   [MLIR] [SHARED])
#
# Adds one of our libraries as a plain CMake target (not add_mlir_library, whose
# install rules belong to MLIR's own export set), exported as Remat::<name>.
# MLIR libraries link libMLIR.so; the Core and Runtime layers link nothing of
# MLIR at all.
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
  endif()
  if(REMAT_ENABLE_SANITIZERS)
    # Instrumented code needs the sanitizer runtimes in whatever links it,
    # including a find_package(Remat) consumer of the installed package.
    target_link_options(${name} INTERFACE -fsanitize=address,undefined)
  endif()
  set_property(GLOBAL APPEND PROPERTY REMAT_EXPORTED_LIBS ${name})
endfunction()
