# CPack: which installers, and how each package is described.
set(CPACK_PACKAGE_NAME "hetsched")
set(CPACK_PACKAGE_VENDOR "HetSched")
set(CPACK_PACKAGE_VERSION "${PROJECT_VERSION}")
set(CPACK_PACKAGE_CONTACT "${HETSCHED_PACKAGE_MAINTAINER}")
set(CPACK_PACKAGE_HOMEPAGE_URL "${HETSCHED_HOMEPAGE}")
set(CPACK_PACKAGE_INSTALL_DIRECTORY "HetSched")
set(CPACK_PACKAGE_CHECKSUM SHA256)
set(CPACK_COMPONENTS_ALL console gateway cli)

set(CPACK_STRIP_FILES ON)
set(CPACK_PACKAGE_RELOCATABLE OFF)

# Each package's one-line summary, then what it holds (lines under 80
# characters, as Debian wants them).
set(CPACK_COMPONENT_CONSOLE_DISPLAY_NAME "HetSched Console")
set(CPACK_COMPONENT_CONSOLE_DESCRIPTION "HetSched operations console for CPU/GPU/TPU clusters
A live heatmap of every device of a cluster, the queue and each job on a
timeline, snapshots to replay, what-if comparison of scheduling policies and
the gateway's live policy with canary, promotion and rollback. Connects to a
HetSched gateway (hetsched-gateway), or starts a simulated cluster of its own
when none is given.")
set(CPACK_COMPONENT_GATEWAY_DISPLAY_NAME "HetSched gateway")
set(CPACK_COMPONENT_GATEWAY_DESCRIPTION "HetSched cluster gateway (hetschedd) and node agent
Serves a cluster over gRPC to the HetSched console and command line and runs
its scheduling policy. The cluster comes from node agents, this host,
Prometheus, a Kubernetes API server, or a simulation. Installs systemd units
for the gateway and the node agent (disabled until enabled), their
configuration in /etc/hetsched and a system user, hetsched.")
set(CPACK_COMPONENT_CLI_DISPLAY_NAME "HetSched command line")
set(CPACK_COMPONENT_CLI_DESCRIPTION "HetSched command line (hetsched): what-if scheduling and live policies
Compares scheduling policies on cluster traces and snapshots, saves and
inspects snapshots of a gateway, reads and changes a gateway's live policy,
trains the hybrid scheduler and reproduces published experiments. Ships the
built-in policies as JSON files and an excerpt of the Alibaba GPU cluster
trace to try them on.")

if(WIN32 OR APPLE)
  set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
else()
  # Each Linux package has its own summary, the first line of its
  # description; CPack's DEB generator prepends a project-wide summary
  # unless it is left at CPack's default text.
  set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${CMAKE_PROJECT_NAME} built using CMake")
endif()
if(WIN32)
  set(CPACK_GENERATOR "NSIS;ZIP")
  include(${CMAKE_CURRENT_LIST_DIR}/windows/nsis.cmake)
elseif(APPLE)
  set(CPACK_GENERATOR "DragNDrop")
  set(CPACK_DMG_VOLUME_NAME "HetSched ${PROJECT_VERSION}")
  set(CPACK_PACKAGE_ICON "${CMAKE_CURRENT_LIST_DIR}/icons/hetsched.icns")
  # One drag-and-drop image holding the bundle, which holds all three programs.
  set(CPACK_COMPONENTS_GROUPING ALL_COMPONENTS_IN_ONE)
else()
  set(CPACK_GENERATOR "DEB;RPM")
  set(linux ${CMAKE_CURRENT_BINARY_DIR}/linux)
  set(CPACK_PACKAGING_INSTALL_PREFIX "/usr")

  # One package per component, named hetsched-<component>.
  set(CPACK_DEB_COMPONENT_INSTALL ON)
  set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
  # Debian revision 1 of the upstream version (hence changelog.Debian).
  set(CPACK_DEBIAN_PACKAGE_RELEASE 1)
  set(CPACK_DEBIAN_PACKAGE_SECTION "admin")
  set(CPACK_DEBIAN_PACKAGE_PRIORITY "optional")
  # Library dependencies come from dpkg-shlibdeps. What it cannot see is
  # named: Qt loads its platform plugins (xcb, wayland) at run time, and the
  # Korean interface wants Qt's own translations and a CJK font.
  set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
  set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
  foreach(component console gateway cli)
    string(TOUPPER ${component} c)
    set(CPACK_DEBIAN_${c}_PACKAGE_NAME "hetsched-${component}")
    set(CPACK_DEBIAN_${c}_PACKAGE_SECTION "admin")
    set(CPACK_DEBIAN_${c}_DESCRIPTION "${CPACK_COMPONENT_${c}_DESCRIPTION}")
  endforeach()
  set(CPACK_DEBIAN_CONSOLE_PACKAGE_SECTION "x11")
  set(CPACK_DEBIAN_CONSOLE_PACKAGE_DEPENDS "qt6-qpa-plugins")
  set(CPACK_DEBIAN_CONSOLE_PACKAGE_RECOMMENDS "qt6-translations-l10n, fonts-noto-cjk")
  set(CPACK_DEBIAN_GATEWAY_PACKAGE_DEPENDS "passwd")
  set(CPACK_DEBIAN_GATEWAY_PACKAGE_RECOMMENDS "hetsched-cli")
  set(CPACK_DEBIAN_GATEWAY_PACKAGE_CONTROL_EXTRA
      "${linux}/deb/postinst;${linux}/deb/prerm;${linux}/deb/postrm;${CMAKE_CURRENT_LIST_DIR}/linux/deb/conffiles")

  set(CPACK_RPM_COMPONENT_INSTALL ON)
  set(CPACK_RPM_FILE_NAME RPM-DEFAULT)
  set(CPACK_RPM_PACKAGE_LICENSE "none chosen yet")
  set(CPACK_RPM_PACKAGE_GROUP "Applications/System")
  set(CPACK_RPM_PACKAGE_URL "${HETSCHED_HOMEPAGE}")
  # rpmbuild's own dependency generator reads the ELF files (AutoReq).
  set(CPACK_RPM_PACKAGE_AUTOREQ ON)
  set(CPACK_RPM_PACKAGE_AUTOPROV OFF)
  foreach(component console gateway cli)
    string(TOUPPER ${component} c)
    set(CPACK_RPM_${c}_PACKAGE_NAME "hetsched-${component}")
    string(FIND "${CPACK_COMPONENT_${c}_DESCRIPTION}" "\n" newline)
    string(SUBSTRING "${CPACK_COMPONENT_${c}_DESCRIPTION}" 0 ${newline} summary)
    math(EXPR newline "${newline} + 1")
    string(SUBSTRING "${CPACK_COMPONENT_${c}_DESCRIPTION}" ${newline} -1 description)
    set(CPACK_RPM_${c}_PACKAGE_SUMMARY "${summary}")
    set(CPACK_RPM_${c}_PACKAGE_DESCRIPTION "${description}")
  endforeach()
  set(CPACK_RPM_CONSOLE_PACKAGE_GROUP "Applications/System")
  set(CPACK_RPM_GATEWAY_PACKAGE_REQUIRES_POST "shadow-utils")
  set(CPACK_RPM_GATEWAY_POST_INSTALL_SCRIPT_FILE "${linux}/rpm/post")
  set(CPACK_RPM_GATEWAY_PRE_UNINSTALL_SCRIPT_FILE "${CMAKE_CURRENT_LIST_DIR}/linux/rpm/preun")
  set(CPACK_RPM_GATEWAY_POST_UNINSTALL_SCRIPT_FILE "${CMAKE_CURRENT_LIST_DIR}/linux/rpm/postun")
  set(CPACK_RPM_GATEWAY_USER_FILELIST
      "%config(noreplace) /etc/hetsched/hetschedd.conf" "%config(noreplace) /etc/hetsched/agent.conf")
  # Directories the system owns, not ours.
  list(APPEND CPACK_RPM_EXCLUDE_FROM_AUTO_FILELIST_ADDITION
       /usr/lib/systemd /usr/lib/systemd/system /usr/share/applications /usr/share/metainfo
       /usr/share/icons /usr/share/icons/hicolor /usr/share/man /usr/share/man/man1 /usr/share/man/man8
       /usr/share/bash-completion /usr/share/bash-completion/completions /usr/share/doc)
  foreach(size 16x16 24x24 32x32 48x48 64x64 128x128 256x256 512x512 scalable)
    list(APPEND CPACK_RPM_EXCLUDE_FROM_AUTO_FILELIST_ADDITION
         /usr/share/icons/hicolor/${size} /usr/share/icons/hicolor/${size}/apps)
  endforeach()
endif()
include(CPack)
