# QCustomPlot built for Qt 6. Debian's libqcustomplot-dev ships a CMake
# package (QCustomPlotQt6::QCustomPlotQt6); vcpkg's qcustomplot port (Windows,
# macOS) installs only the library and its header, found here under the same
# target name.
find_package(QCustomPlotQt6 CONFIG QUIET)
if(QCustomPlotQt6_FOUND)
  return()
endif()

find_path(QCustomPlotQt6_INCLUDE_DIR qcustomplot.h)
find_library(QCustomPlotQt6_LIBRARY NAMES qcustomplot qcustomplot2 qcustomplotd qcustomplotd2)
include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(QCustomPlotQt6 REQUIRED_VARS QCustomPlotQt6_LIBRARY QCustomPlotQt6_INCLUDE_DIR)
if(QCustomPlotQt6_FOUND AND NOT TARGET QCustomPlotQt6::QCustomPlotQt6)
  add_library(QCustomPlotQt6::QCustomPlotQt6 UNKNOWN IMPORTED)
  set_target_properties(QCustomPlotQt6::QCustomPlotQt6 PROPERTIES
    IMPORTED_LOCATION "${QCustomPlotQt6_LIBRARY}"
    INTERFACE_INCLUDE_DIRECTORIES "${QCustomPlotQt6_INCLUDE_DIR}"
    # A shared QCustomPlot: its symbols are imported (dllimport on Windows).
    INTERFACE_COMPILE_DEFINITIONS QCUSTOMPLOT_USE_LIBRARY
    INTERFACE_LINK_LIBRARIES "Qt6::Widgets;Qt6::PrintSupport")
endif()
