# With REMAT_ENABLE_SANITIZERS: gives every executable target defined under
# `dir` (the project's, walked directory by directory) the sanitizer runtime
# defaults of SanitizerDefaults.cpp. Only executables: the runtimes are
# linked into them, and they read the defaults from there.
function(remat_add_sanitizer_defaults dir)
  get_property(targets DIRECTORY "${dir}" PROPERTY BUILDSYSTEM_TARGETS)
  foreach(target IN LISTS targets)
    get_target_property(type ${target} TYPE)
    if(type STREQUAL "EXECUTABLE")
      target_sources(${target} PRIVATE
        "${PROJECT_SOURCE_DIR}/cmake/SanitizerDefaults.cpp")
    endif()
  endforeach()
  get_property(subdirs DIRECTORY "${dir}" PROPERTY SUBDIRECTORIES)
  foreach(subdir IN LISTS subdirs)
    remat_add_sanitizer_defaults("${subdir}")
  endforeach()
endfunction()
