# Windows: the three programs in bin\, with the console's icon and version
# resource, every DLL they load beside them (gRPC, Protobuf, SQLite, Qt,
# QCustomPlot, from vcpkg), and Qt's plugins (platforms\qwindows,
# imageformats, styles) and translations through windeployqt. Built by
# .github/workflows/desktop.yml, never on the Linux machine this project is
# developed on.
set_target_properties(hetsched-console PROPERTIES WIN32_EXECUTABLE ON)
set(HETSCHED_ICON_ICO ${CMAKE_CURRENT_LIST_DIR}/../icons/hetsched.ico)
string(REPLACE "." "," HETSCHED_VERSION_COMMAS "${PROJECT_VERSION}.0")
configure_file(${CMAKE_CURRENT_LIST_DIR}/hetsched-console.rc.in ${CMAKE_CURRENT_BINARY_DIR}/hetsched-console.rc @ONLY)
target_sources(hetsched-console PRIVATE ${CMAKE_CURRENT_BINARY_DIR}/hetsched-console.rc)

install(TARGETS hetsched-console RUNTIME DESTINATION bin COMPONENT console
        RUNTIME_DEPENDENCY_SET hetsched_dlls)
install(TARGETS hetschedd RUNTIME DESTINATION bin COMPONENT gateway RUNTIME_DEPENDENCY_SET hetsched_dlls)
install(TARGETS hetsched RUNTIME DESTINATION bin COMPONENT cli RUNTIME_DEPENDENCY_SET hetsched_dlls)
# The DLLs come from vcpkg's bin folder; Windows' own stay out.
install(RUNTIME_DEPENDENCY_SET hetsched_dlls DESTINATION bin COMPONENT console
        DIRECTORIES "${VCPKG_INSTALLED_DIR}/${VCPKG_TARGET_TRIPLET}/bin" $<TARGET_FILE_DIR:hetsched>
        PRE_EXCLUDE_REGEXES "^api-ms-" "^ext-ms-"
        POST_EXCLUDE_REGEXES ".*[/\\\\][Ss]ystem32[/\\\\].*")

qt_generate_deploy_script(TARGET hetsched-console OUTPUT_SCRIPT deploy_script CONTENT "
qt_deploy_runtime_dependencies(
  EXECUTABLE \"\${QT_DEPLOY_BIN_DIR}/$<TARGET_FILE_NAME:hetsched-console>\"
  ADDITIONAL_EXECUTABLES \"\${QT_DEPLOY_BIN_DIR}/$<TARGET_FILE_NAME:hetschedd>\"
                         \"\${QT_DEPLOY_BIN_DIR}/$<TARGET_FILE_NAME:hetsched>\"
  GENERATE_QT_CONF
  VERBOSE)
")
install(SCRIPT ${deploy_script} COMPONENT console)
