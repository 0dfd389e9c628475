# Strict warnings on the project's own targets only; generated code and
# third-party headers are left alone (they are pulled in as SYSTEM includes).
# -Wrestrict is off: GCC 12 reports false positives inside std::string at
# -O2 (GCC bug 105329); clang has no such option. MSVC (Windows) gets its
# own flags and, until a Windows build has run clean, no /WX.
function(hetsched_strict target)
  if(MSVC)
    target_compile_options(${target} PRIVATE /W3 /permissive- /utf-8 /Zc:__cplusplus)
    return()
  endif()
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Werror
                                           -Wno-error=deprecated-declarations
                                           $<$<CXX_COMPILER_ID:GNU>:-Wno-restrict>)
endfunction()

# Qt hygiene taken from KDAB/hotspot: no implicit ASCII casts, no Q_FOREACH,
# QStringBuilder for concatenation, and one signal keyword: Q_EMIT (`emit`
# does not compile).
function(hetsched_qt_hygiene target)
  target_compile_definitions(${target} PRIVATE QT_NO_CAST_FROM_ASCII QT_NO_CAST_TO_ASCII QT_NO_EMIT
                                               QT_USE_QSTRINGBUILDER QT_NO_FOREACH
                                               QT_NO_URL_CAST_FROM_STRING)
endfunction()
