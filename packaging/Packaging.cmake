# Installation of everything that is not a binary (desktop integration, man pages, Debian docs), the
# Qt deployment on Windows and macOS, and CPack. Included from the top-level CMakeLists.txt, after
# the targets exist, so that include(CPack) runs in the top-level scope and creates `package`.
#
#   Linux:   cpack -G "DEB;RPM;TGZ"   (what the `ci` package preset does)
#   Windows: cpack -G NSIS            (windeployqt runs at install time)
#   macOS:   cpack -G DragNDrop       (macdeployqt runs at install time)

set(TOOLGATE_PACKAGING_DIR ${CMAKE_CURRENT_LIST_DIR})
set(TOOLGATE_DESKTOP_DIR ${PROJECT_SOURCE_DIR}/resources/desktop)
# The AppStream id; the .desktop file keeps the name QGuiApplication::setDesktopFileName() uses.
set(TOOLGATE_APPSTREAM_ID io.github.toolgate.Toolgate)

if(UNIX AND NOT APPLE)
    # --- Desktop integration (freedesktop.org) --------------------------------------------------
    install(FILES ${TOOLGATE_DESKTOP_DIR}/toolgate.desktop DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
    install(FILES ${TOOLGATE_DESKTOP_DIR}/${TOOLGATE_APPSTREAM_ID}.metainfo.xml
            DESTINATION ${CMAKE_INSTALL_DATADIR}/metainfo)
    install(FILES ${PROJECT_SOURCE_DIR}/resources/icons/toolgate.svg
            DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps)
    # The PNGs are committed, rendered from resources/icons/toolgate.svg with
    #   for s in 16 22 24 32 48 64 128 256 512; do
    #       rsvg-convert -w $s -h $s resources/icons/toolgate.svg -o resources/desktop/icons/toolgate-$s.png; done
    foreach(size 16 22 24 32 48 64 128 256 512)
        install(FILES ${TOOLGATE_DESKTOP_DIR}/icons/toolgate-${size}.png
                DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/${size}x${size}/apps
                RENAME toolgate.png)
    endforeach()

    # --- Man pages and the Debian documentation files (compressed as Debian policy asks) -------
    find_program(TOOLGATE_GZIP gzip REQUIRED)
    set(compressed)
    foreach(page toolgate.1 toolgate-cli.1 toolgate-demo-server.1)
        add_custom_command(OUTPUT ${CMAKE_BINARY_DIR}/packaging/${page}.gz
            COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_BINARY_DIR}/packaging
            # -n: no name or time stamp, so the package is reproducible (lintian checks it).
            COMMAND ${TOOLGATE_GZIP} -9nc ${TOOLGATE_PACKAGING_DIR}/linux/${page} > ${CMAKE_BINARY_DIR}/packaging/${page}.gz
            DEPENDS ${TOOLGATE_PACKAGING_DIR}/linux/${page}
            COMMENT "Compressing the man page ${page}" VERBATIM)
        list(APPEND compressed ${CMAKE_BINARY_DIR}/packaging/${page}.gz)
        install(FILES ${CMAKE_BINARY_DIR}/packaging/${page}.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
    endforeach()
    add_custom_command(OUTPUT ${CMAKE_BINARY_DIR}/packaging/changelog.gz
        COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_BINARY_DIR}/packaging
        COMMAND ${TOOLGATE_GZIP} -9nc ${TOOLGATE_PACKAGING_DIR}/linux/changelog > ${CMAKE_BINARY_DIR}/packaging/changelog.gz
        DEPENDS ${TOOLGATE_PACKAGING_DIR}/linux/changelog
        COMMENT "Compressing the Debian changelog" VERBATIM)
    list(APPEND compressed ${CMAKE_BINARY_DIR}/packaging/changelog.gz)
    add_custom_target(toolgate_packaging_files ALL DEPENDS ${compressed})
    install(FILES ${TOOLGATE_PACKAGING_DIR}/linux/copyright ${CMAKE_BINARY_DIR}/packaging/changelog.gz
            DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/toolgate) # Debian: the package name
elseif(WIN32 OR APPLE)
    # --- Qt deployment: windeployqt / macdeployqt at install time, so cpack packages a
    # self-contained app. The CLI and the demo server sit next to the app's executable (the app
    # looks for the demo server there), so their Qt dependencies are deployed too.
    if(TOOLGATE_BUILD_GUI)
        if(APPLE)
            set(app_path "$<TARGET_FILE_NAME:toolgate>.app")
            set(extra_executables
                "$<TARGET_FILE_NAME:toolgate>.app/Contents/MacOS/$<TARGET_FILE_NAME:toolgate-cli>"
                "$<TARGET_FILE_NAME:toolgate>.app/Contents/MacOS/$<TARGET_FILE_NAME:toolgate-demo-server>")
        else()
            set(app_path "\${QT_DEPLOY_BIN_DIR}/$<TARGET_FILE_NAME:toolgate>")
            set(extra_executables
                "\${QT_DEPLOY_BIN_DIR}/$<TARGET_FILE_NAME:toolgate-cli>"
                "\${QT_DEPLOY_BIN_DIR}/$<TARGET_FILE_NAME:toolgate-demo-server>")
        endif()
        # Toolgate's own plugins (HTTP, the keychain, the web engine of app views, audio) are loaded at
        # run time, so no executable names what they link: they are given to the deployment as modules.
        set(plugin_modules "")
        foreach(plugin toolgate_network toolgate_keychain toolgate_webengine toolgate_multimedia)
            if(TARGET ${plugin})
                if(APPLE)
                    list(APPEND plugin_modules "$<TARGET_FILE_NAME:toolgate>.app/Contents/PlugIns/toolgate/$<TARGET_FILE_NAME:${plugin}>")
                else()
                    list(APPEND plugin_modules "\${QT_DEPLOY_BIN_DIR}/$<TARGET_FILE_NAME:${plugin}>")
                endif()
            endif()
        endforeach()
        if(plugin_modules)
            list(JOIN plugin_modules " " plugin_modules)
            set(plugin_modules "ADDITIONAL_MODULES ${plugin_modules}")
        endif()
        set(after_deploy "")
        if(WIN32 AND TOOLGATE_HAVE_WEBENGINE)
            # windeployqt of Qt 6.4 and 6.5 copies QtWebEngineProcess.exe into --dir, the install
            # prefix, while the engine looks for it in LibraryExecutables (bin, as the generated
            # qt.conf leaves it) and beside the app: it goes next to toolgate.exe. Its resources
            # and locales stay where windeployqt puts them (prefix/resources, prefix/translations),
            # which are the Data and Translations paths of that qt.conf.
            set(after_deploy "
foreach(process QtWebEngineProcess.exe QtWebEngineProcessd.exe)
    if(EXISTS \"\${QT_DEPLOY_PREFIX}/\${process}\")
        file(RENAME \"\${QT_DEPLOY_PREFIX}/\${process}\" \"\${QT_DEPLOY_PREFIX}/\${QT_DEPLOY_BIN_DIR}/\${process}\")
    endif()
endforeach()
if(NOT EXISTS \"\${QT_DEPLOY_PREFIX}/\${QT_DEPLOY_BIN_DIR}/QtWebEngineProcess.exe\"
   AND NOT EXISTS \"\${QT_DEPLOY_PREFIX}/\${QT_DEPLOY_BIN_DIR}/QtWebEngineProcessd.exe\")
    message(FATAL_ERROR \"windeployqt did not deploy QtWebEngineProcess: app views could not run\")
endif()
")
        endif()
        set(deploy_script ${CMAKE_BINARY_DIR}/packaging/deploy-toolgate.cmake)
        file(GENERATE OUTPUT ${deploy_script} CONTENT "
include(\"${QT_DEPLOY_SUPPORT}\")
qt_deploy_runtime_dependencies(
    EXECUTABLE \"${app_path}\"
    ADDITIONAL_EXECUTABLES ${extra_executables}
    ${plugin_modules}
    GENERATE_QT_CONF
    VERBOSE)
${after_deploy}")
        install(SCRIPT ${deploy_script})
    endif()
    # With Qt WebEngine, qt_deploy_runtime_dependencies (windeployqt, macdeployqt) sees the app link
    # to Qt6WebEngineWidgets and carries QtWebEngineProcess, its resources and locales as well
    # (macdeployqt: inside QtWebEngineCore.framework, Helpers/QtWebEngineProcess.app; windeployqt:
    # moved next to the app above).
    # windeployqt copies Qt's DLLs only: QtKeychain's DLL goes next to the executables by hand.
    if(WIN32 AND TARGET qt6keychain)
        install(IMPORTED_RUNTIME_ARTIFACTS qt6keychain RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
    endif()
endif()

# --- CPack ------------------------------------------------------------------------------------
set(CPACK_PACKAGE_NAME toolgate)
set(CPACK_PACKAGE_VENDOR "The Toolgate developers")
set(CPACK_PACKAGE_CONTACT "The Toolgate developers <toolgate@example.org>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "desktop host for Model Context Protocol servers")
# Lines under 80 characters: Debian shows the description as written (lintian checks the width).
set(CPACK_PACKAGE_DESCRIPTION [=[
Toolgate connects Model Context Protocol (MCP) servers, local programs or
remote ones over HTTP, shows their tools, resources and prompts, and runs a
tool only once a human has seen the exact arguments and approved them. Every
call is written to a hash-chained audit log.

This package contains the desktop app (toolgate), the command-line client
(toolgate-cli) and a demo MCP server (toolgate-demo-server), which the app
connects on first start.]=])
set(CPACK_PACKAGE_HOMEPAGE_URL ${PROJECT_HOMEPAGE_URL})
set(CPACK_PACKAGE_INSTALL_DIRECTORY Toolgate)
set(CPACK_PACKAGE_EXECUTABLES toolgate Toolgate)
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)
set(CPACK_PACKAGE_DIRECTORY ${CMAKE_BINARY_DIR}/packages)
# RelWithDebInfo binaries carry debug info; packages ship them stripped (lintian checks).
set(CPACK_STRIP_FILES ON)
set(CPACK_SOURCE_GENERATOR "")
set(CPACK_INSTALL_DEFAULT_DIRECTORY_PERMISSIONS
    OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)

if(WIN32)
    set(CPACK_GENERATOR NSIS ZIP)
    include(${TOOLGATE_PACKAGING_DIR}/windows/NSIS.cmake)
elseif(APPLE)
    set(CPACK_GENERATOR DragNDrop)
    include(${TOOLGATE_PACKAGING_DIR}/macos/DragNDrop.cmake)
else()
    set(CPACK_GENERATOR DEB RPM TGZ)

    # Debian: dependencies computed by dpkg-shlibdeps, plus the Qt plugins loaded at run time
    # (the SQLite driver for the audit log), which no ELF header names. With Qt WebEngine (MCP
    # Apps views), also its renderer executable, which is started, not linked.
    set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
    set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
    # bubblewrap: local servers run in its sandbox (docs/sandbox.md); started, not linked.
    set(CPACK_DEBIAN_PACKAGE_DEPENDS "libqt6sql6-sqlite, bubblewrap")
    if(TOOLGATE_HAVE_WEBENGINE)
        string(APPEND CPACK_DEBIAN_PACKAGE_DEPENDS ", libqt6webenginecore6-bin")
    endif()
    set(CPACK_DEBIAN_PACKAGE_SECTION utils)
    set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
    set(CPACK_DEBIAN_COMPRESSION_TYPE xz)

    # RPM: requirements computed by rpmbuild; directories owned by the filesystem package are
    # left out of the file list.
    set(CPACK_RPM_FILE_NAME RPM-DEFAULT)
    set(CPACK_RPM_PACKAGE_LICENSE MIT)
    set(CPACK_RPM_PACKAGE_GROUP "Applications/Internet")
    set(CPACK_RPM_PACKAGE_URL ${PROJECT_HOMEPAGE_URL})
    set(CPACK_RPM_EXCLUDE_FROM_AUTO_FILELIST_ADDITION
        /usr/share/applications /usr/share/metainfo /usr/share/man /usr/share/man/man1
        /usr/share/icons /usr/share/icons/hicolor /usr/share/doc)
    foreach(size scalable 16x16 22x22 24x24 32x32 48x48 64x64 128x128 256x256 512x512)
        list(APPEND CPACK_RPM_EXCLUDE_FROM_AUTO_FILELIST_ADDITION
            /usr/share/icons/hicolor/${size} /usr/share/icons/hicolor/${size}/apps)
    endforeach()

    # The tarball unpacks to toolgate-<version>-Linux/{bin,share}; run bin/toolgate from there.
    set(CPACK_ARCHIVE_COMPONENT_INSTALL OFF)
endif()

include(CPack)
