# Module boundaries by include directory (docs/architecture.md).
#
# Every module is one folder. Its own files include each other by bare file
# name ("job_queue.h", found next to the includer). Other modules include it
# as "layer/module/header.h" through ${HETSCHED_API_DIR}, which holds a
# forwarding header for each header the module declares public and nothing
# else: a private header cannot be named from outside its folder, so the
# boundary is kept by the compiler, not by review. (Qt's own build forwards its
# public headers the same way; forwarders are relative paths so that a clone
# elsewhere hits the same ccache entries. The IWYU export pragma tells
# clang-tidy's misc-include-cleaner that including the forwarder provides what
# the real header declares.)
set(HETSCHED_API_DIR ${PROJECT_BINARY_DIR}/api)
include_directories(${HETSCHED_API_DIR})

function(_hetsched_forward forwarder real)
  get_filename_component(dir ${forwarder} DIRECTORY)
  file(RELATIVE_PATH target ${dir} ${real})
  # A header views may not include: its forwarder stops the build of any
  # file compiled for a view (HETSCHED_VIEW, hetsched_view_target), so "views
  # never touch SQL or the network" is kept by the compiler.
  set(guard "")
  if(ARGC GREATER 2)
    file(RELATIVE_PATH shown ${HETSCHED_API_DIR} ${forwarder})
    set(guard "#ifdef HETSCHED_VIEW\n#error \"${shown}: views never touch SQL or the network (docs/architecture.md)\"\n#endif\n")
  endif()
  # file(CONFIGURE) rewrites only on change: an unchanged forwarder keeps its
  # timestamp and rebuilds nothing.
  file(CONFIGURE OUTPUT ${forwarder} CONTENT "#pragma once\n${guard}#include \"${target}\" // IWYU pragma: export\n")
endfunction()

# The folder's name below backend/ (or below the project for widgets/):
# "engine/core", "widgets".
function(_hetsched_module_path out)
  file(RELATIVE_PATH rel ${PROJECT_SOURCE_DIR}/backend ${CMAKE_CURRENT_SOURCE_DIR})
  if(rel MATCHES "^\\.\\.")
    file(RELATIVE_PATH rel ${PROJECT_SOURCE_DIR} ${CMAKE_CURRENT_SOURCE_DIR})
  endif()
  set(${out} ${rel} PARENT_SCOPE)
endfunction()

# hetsched_module_api([ALL] [PUBLIC header.h...] [NOT_FOR_VIEWS header.h...]):
# the headers of the current folder that other modules may include (ALL:
# every header); NOT_FOR_VIEWS ones too, except from a view (they open the
# store or the network).
function(hetsched_module_api)
  cmake_parse_arguments(M "ALL" "" "PUBLIC;NOT_FOR_VIEWS" ${ARGN})
  _hetsched_module_path(rel)
  file(GLOB headers RELATIVE ${CMAKE_CURRENT_SOURCE_DIR} CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/*.h)
  if(M_ALL)
    set(M_PUBLIC ${headers})
  endif()
  list(APPEND M_PUBLIC ${M_NOT_FOR_VIEWS})
  foreach(h IN LISTS M_PUBLIC)
    if(NOT h IN_LIST headers)
      message(FATAL_ERROR "${rel}: public header ${h} is not in ${CMAKE_CURRENT_SOURCE_DIR}")
    endif()
    set(guard)
    if(h IN_LIST M_NOT_FOR_VIEWS)
      set(guard NOT_FOR_VIEWS)
    endif()
    _hetsched_forward(${HETSCHED_API_DIR}/${rel}/${h} ${CMAKE_CURRENT_SOURCE_DIR}/${h} ${guard})
  endforeach()
  # A header made private since the last configure must stop being reachable.
  file(GLOB forwarded RELATIVE ${HETSCHED_API_DIR}/${rel} ${HETSCHED_API_DIR}/${rel}/*.h)
  foreach(h IN LISTS forwarded)
    if(NOT h IN_LIST M_PUBLIC)
      file(REMOVE ${HETSCHED_API_DIR}/${rel}/${h})
    endif()
  endforeach()
  # Every header, for the module's own tests (hetsched_test_internals).
  string(REPLACE "/" "_" key ${rel})
  set(internals ${PROJECT_BINARY_DIR}/internals/${key})
  foreach(h IN LISTS headers)
    _hetsched_forward(${internals}/${rel}/${h} ${CMAKE_CURRENT_SOURCE_DIR}/${h})
  endforeach()
  set_property(GLOBAL PROPERTY HETSCHED_INTERNALS_${key} ${internals})
endfunction()

# hetsched_test_internals(target module...): a test that checks a module's
# private parts may include all of its headers ("engine/core/job_queue.h").
function(hetsched_test_internals target)
  foreach(rel IN LISTS ARGN)
    string(REPLACE "/" "_" key ${rel})
    get_property(internals GLOBAL PROPERTY HETSCHED_INTERNALS_${key})
    if(NOT internals)
      message(FATAL_ERROR "hetsched_test_internals(${target}): no module ${rel}")
    endif()
    target_include_directories(${target} PRIVATE ${internals})
  endforeach()
endfunction()

# hetsched_view_target(target): the target's files are views' (widgets/): a
# NOT_FOR_VIEWS header included by one of them fails to compile.
function(hetsched_view_target target)
  target_compile_definitions(${target} PRIVATE HETSCHED_VIEW)
endfunction()
