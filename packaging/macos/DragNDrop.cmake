# macOS disk image (drag Toolgate.app to Applications), included by packaging/Packaging.cmake.
# Untested here (no macOS in this CI): built by .github/workflows/packages.yml on macos-latest.
# The bundle carries toolgate-cli and toolgate-demo-server in Contents/MacOS (app/*/CMakeLists.txt).
set(CPACK_DMG_VOLUME_NAME Toolgate)
set(CPACK_DMG_FORMAT UDZO)
set(CPACK_PACKAGE_ICON ${CMAKE_CURRENT_LIST_DIR}/toolgate.icns)
set(CPACK_SYSTEM_NAME macOS)
