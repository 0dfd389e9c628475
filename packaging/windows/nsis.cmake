# The NSIS installer: everything into Program Files\HetSched, a Start-menu
# folder with the console and the uninstaller, an entry in Apps & features,
# and optionally bin\ on PATH for hetsched and hetschedd.
set(icons ${CMAKE_CURRENT_LIST_DIR}/../icons)
set(CPACK_COMPONENTS_GROUPING ALL_COMPONENTS_IN_ONE)
set(CPACK_NSIS_PACKAGE_NAME "HetSched ${PROJECT_VERSION}")
set(CPACK_NSIS_DISPLAY_NAME "HetSched ${PROJECT_VERSION}")
set(CPACK_NSIS_MUI_ICON "${icons}/hetsched.ico")
set(CPACK_NSIS_MUI_UNIICON "${icons}/hetsched.ico")
set(CPACK_NSIS_INSTALLED_ICON_NAME "bin\\\\hetsched-console.exe")
set(CPACK_NSIS_URL_INFO_ABOUT "${HETSCHED_HOMEPAGE}")
set(CPACK_NSIS_HELP_LINK "${HETSCHED_HOMEPAGE}")
set(CPACK_NSIS_CONTACT "${HETSCHED_PACKAGE_MAINTAINER}")
set(CPACK_NSIS_ENABLE_UNINSTALL_BEFORE_INSTALL ON)
set(CPACK_NSIS_MODIFY_PATH ON)
set(CPACK_NSIS_EXECUTABLES_DIRECTORY "bin")
# Start menu: the console (CPACK_PACKAGE_EXECUTABLES) and "Uninstall HetSched".
set(CPACK_PACKAGE_EXECUTABLES "hetsched-console;HetSched Console")
set(CPACK_NSIS_UNINSTALL_NAME "Uninstall HetSched")
set(CPACK_NSIS_MENU_LINKS "${HETSCHED_HOMEPAGE}" "HetSched home page")
