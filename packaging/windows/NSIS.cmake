# Windows installer (NSIS), included by packaging/Packaging.cmake. Untested here (no Windows in
# this CI): built by .github/workflows/packages.yml on windows-latest.
set(CPACK_NSIS_PACKAGE_NAME "Toolgate ${PROJECT_VERSION}")
set(CPACK_NSIS_DISPLAY_NAME Toolgate)
set(CPACK_NSIS_MUI_ICON ${CMAKE_CURRENT_LIST_DIR}/toolgate.ico)
set(CPACK_NSIS_MUI_UNIICON ${CMAKE_CURRENT_LIST_DIR}/toolgate.ico)
set(CPACK_NSIS_INSTALLED_ICON_NAME "bin\\\\toolgate.exe")
set(CPACK_NSIS_URL_INFO_ABOUT ${PROJECT_HOMEPAGE_URL})
set(CPACK_NSIS_HELP_LINK ${PROJECT_HOMEPAGE_URL})
set(CPACK_NSIS_ENABLE_UNINSTALL_BEFORE_INSTALL ON)
# Offer to put bin\ (toolgate-cli.exe) on PATH.
set(CPACK_NSIS_MODIFY_PATH ON)
set(CPACK_NSIS_EXECUTABLES_DIRECTORY bin)
set(CPACK_NSIS_MUI_FINISHPAGE_RUN toolgate.exe)
set(CPACK_PACKAGE_INSTALL_REGISTRY_KEY Toolgate)
