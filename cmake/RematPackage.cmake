# Installs headers, libraries, tools and a CMake package so that another project
# can do:
#   find_package(Remat REQUIRED CONFIG)
#   target_link_libraries(mycompiler PRIVATE Remat::RematPasses)
include(CMakePackageConfigHelpers)
include(GNUInstallDirs)

get_property(remat_libs GLOBAL PROPERTY REMAT_EXPORTED_LIBS)
install(TARGETS ${remat_libs} EXPORT RematTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  INCLUDES DESTINATION include)
install(DIRECTORY include/remat DESTINATION include
  FILES_MATCHING PATTERN "*.h" PATTERN "*.td")
install(DIRECTORY ${PROJECT_BINARY_DIR}/include/remat DESTINATION include
  FILES_MATCHING PATTERN "*.inc")
install(EXPORT RematTargets NAMESPACE Remat::
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/Remat)

configure_package_config_file(cmake/RematConfig.cmake.in
  ${PROJECT_BINARY_DIR}/RematConfig.cmake
  INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/Remat)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/RematConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/RematConfig.cmake
              ${PROJECT_BINARY_DIR}/RematConfigVersion.cmake
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/Remat)
