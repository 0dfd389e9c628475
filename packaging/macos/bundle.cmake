# macOS: "HetSched Console.app" holds the console and, beside it in
# Contents/MacOS, hetschedd and hetsched, so all three share the Qt frameworks,
# plugins and libraries that Qt's deployment (macdeployqt) copies into the
# bundle. The .dmg carries the bundle. Built by .github/workflows/desktop.yml,
# never on the Linux machine this project is developed on.
set(bundle "HetSched Console.app")
set(icon ${CMAKE_CURRENT_LIST_DIR}/../icons/hetsched.icns)
set_target_properties(hetsched-console PROPERTIES
  MACOSX_BUNDLE ON
  OUTPUT_NAME "HetSched Console"
  MACOSX_BUNDLE_INFO_PLIST ${CMAKE_CURRENT_LIST_DIR}/Info.plist.in
  MACOSX_BUNDLE_GUI_IDENTIFIER ${HETSCHED_APP_ID}
  MACOSX_BUNDLE_BUNDLE_NAME "HetSched Console"
  MACOSX_BUNDLE_BUNDLE_VERSION ${PROJECT_VERSION}
  MACOSX_BUNDLE_SHORT_VERSION_STRING ${PROJECT_VERSION}
  MACOSX_BUNDLE_COPYRIGHT "The HetSched developers"
  MACOSX_BUNDLE_ICON_FILE hetsched.icns)
target_sources(hetsched-console PRIVATE ${icon})
set_source_files_properties(${icon} TARGET_DIRECTORY hetsched-console
                            PROPERTIES MACOSX_PACKAGE_LOCATION Resources)

install(TARGETS hetsched-console BUNDLE DESTINATION . COMPONENT console)
install(TARGETS hetschedd RUNTIME DESTINATION "${bundle}/Contents/MacOS" COMPONENT gateway)
install(TARGETS hetsched RUNTIME DESTINATION "${bundle}/Contents/MacOS" COMPONENT cli)

# Qt's frameworks and plugins (platforms/cocoa, imageformats, styles) and
# translations into the bundle, and every other library the three programs
# load (gRPC, Protobuf, SQLite, QCustomPlot...) into Contents/Frameworks.
qt_generate_deploy_script(TARGET hetsched-console OUTPUT_SCRIPT deploy_script CONTENT "
qt_deploy_runtime_dependencies(
  EXECUTABLE \"${bundle}\"
  ADDITIONAL_EXECUTABLES \"${bundle}/Contents/MacOS/hetschedd\" \"${bundle}/Contents/MacOS/hetsched\"
  VERBOSE)
")
install(SCRIPT ${deploy_script} COMPONENT console)
