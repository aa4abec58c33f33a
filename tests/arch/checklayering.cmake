cmake_minimum_required(VERSION 3.25)
# The layers of the tree (docs/ARCHITECTURE.md draws them). There is one include root, the top of
# the source tree, so every include of project code names its layer and folder ("core/audit/…",
# "ui/audit/…"); this test fails on any that does not.
#
# Each folder may include only the folders listed for it here: a layered order with no cycles.
# core/ includes neither ui/ nor app/ nor Qt Widgets; ui/ includes core/ and never app/; of app/,
# only the GUI includes ui/.
set(core_layers common jsonrpc transport peer protocol schema auth client skills server calls workspace
    audit requests apps compare model collections host)
list(TRANSFORM core_layers PREPEND "core/" OUTPUT_VARIABLE all_core)

set(allowed_core/common "")
set(allowed_core/jsonrpc core/common)
set(allowed_core/transport core/common core/jsonrpc)
set(allowed_core/peer core/common core/jsonrpc core/transport)
set(allowed_core/protocol core/common)
set(allowed_core/schema core/common)
set(allowed_core/auth core/common core/transport)
set(allowed_core/client core/common core/jsonrpc core/transport core/peer core/protocol core/schema)
# skills: a server's skills over a ClientSession (SEP-2640), verified before use.
set(allowed_core/skills core/common core/jsonrpc core/protocol core/client)
set(allowed_core/server core/common core/jsonrpc core/transport core/peer core/protocol)
set(allowed_core/calls core/common core/jsonrpc core/protocol core/schema core/client)
set(allowed_core/workspace core/common core/jsonrpc core/transport core/protocol core/auth core/client core/calls)
set(allowed_core/audit core/common core/jsonrpc core/protocol core/client core/calls core/workspace)
set(allowed_core/requests core/common core/jsonrpc core/protocol core/schema core/client core/calls core/audit)
set(allowed_core/apps core/common core/jsonrpc core/protocol core/calls)
set(allowed_core/compare core/common core/jsonrpc core/protocol core/client core/calls)
# model: a model's tool calls go through the call pipeline (core/calls) like every other call, and
# its results are MCP's typed values (core/protocol); a server's sampling request answered by a model
# is answered through the server-request pipeline's ServerRequest (core/requests).
set(allowed_core/model core/common core/jsonrpc core/transport core/auth core/protocol core/calls core/requests)
# collections: a collection's prompt entries are tried on a model (core/model) and judged by the calls
# it asks for (issue 31, item 7).
set(allowed_core/collections core/common core/jsonrpc core/protocol core/schema core/client core/calls core/model)
set(allowed_core/host core/common core/jsonrpc core/transport core/peer core/protocol core/schema core/auth
    core/client core/calls core/workspace core/audit core/requests core/apps)

# ui/: every folder may use all of core; among ui's folders, the same rule of layers.
set(allowed_ui/highlight ${all_core})
set(allowed_ui/models ${all_core})
set(allowed_ui/viewers ${all_core} ui/highlight)
set(allowed_ui/forms ${all_core} ui/highlight ui/viewers)
set(allowed_ui/compare ${all_core} ui/viewers)
set(allowed_ui/apps ${all_core} ui/viewers)
set(allowed_ui/tasks ${all_core} ui/models ui/viewers)
set(allowed_ui/audit ${all_core} ui/compare ui/viewers)
set(allowed_ui/clientfeatures ${all_core} ui/forms ui/viewers)
set(allowed_ui/collections ${all_core} ui/forms ui/viewers)
# chat: a model's call card says where an argument came from in the confirmation dialog's words
# (ui/dialogs) and lays out its arguments with the forms' labels (ui/forms).
set(allowed_ui/chat ${all_core} ui/dialogs ui/forms ui/viewers)
set(allowed_ui/dialogs ${all_core} ui/forms ui/models ui/viewers)
set(allowed_ui/items ${all_core} ui/models)
set(allowed_ui/servers ${all_core} ui/dialogs ui/items ui/models ui/viewers)
set(allowed_ui/serverfeatures ${all_core} ui/apps ui/forms ui/items ui/models ui/tasks ui/viewers)
set(allowed_ui/mainwindow ${all_core} ui/apps ui/audit ui/chat ui/collections ui/compare ui/dialogs ui/forms ui/items
    ui/models ui/serverfeatures ui/servers ui/tasks ui/viewers)

# app/: the programs. toolgate-cli and the demo server are headless.
set(allowed_app/cli ${all_core})
set(allowed_app/demo-server ${all_core})
# The relay inside a sandbox with a host list (issue 32): a small program of Qt Core and core/common only.
set(allowed_app/sandbox-relay core/common)
set(allowed_app/gui ${all_core} ui/apps ui/clientfeatures ui/mainwindow ui/models)

set(violations "")
foreach(layer core ui app)
    file(GLOB folders RELATIVE ${SOURCE_DIR} ${SOURCE_DIR}/${layer}/*)
    foreach(folder IN LISTS folders)
        if(NOT IS_DIRECTORY ${SOURCE_DIR}/${folder})
            continue()
        endif()
        if(NOT DEFINED allowed_${folder})
            list(APPEND violations "${folder}: a new folder; give it its place in tests/arch/checklayering.cmake and docs/ARCHITECTURE.md")
            continue()
        endif()
        file(GLOB_RECURSE files RELATIVE ${SOURCE_DIR} ${SOURCE_DIR}/${folder}/*.h ${SOURCE_DIR}/${folder}/*.cpp)
        foreach(file IN LISTS files)
            file(STRINGS ${SOURCE_DIR}/${file} includes REGEX "^#include [\"<]")
            foreach(line IN LISTS includes)
                if(layer STREQUAL "core"
                   AND line MATCHES "^#include <(QtWidgets|QWidget|QApplication|QDialog|QMainWindow|QMessageBox)")
                    list(APPEND violations "${file}: core includes Qt Widgets (${line})")
                endif()
                if(NOT line MATCHES "^#include \"")
                    continue()
                endif()
                # What moc and CMake generate into the build tree keeps its bare name.
                if(line MATCHES "^#include \"(moc_[a-z0-9_]+\\.cpp|[a-z0-9_]+\\.moc|ui_[a-z0-9_]+\\.h)\"")
                    continue()
                endif()
                if(NOT line MATCHES "^#include \"((core|ui|app)/[a-z-]+)/")
                    list(APPEND violations "${file}: an include that does not name its layer and folder (${line})")
                    continue()
                endif()
                set(target ${CMAKE_MATCH_1})
                if(NOT target STREQUAL folder AND NOT target IN_LIST allowed_${folder})
                    list(APPEND violations "${file}: ${folder} may not include ${target} (${line})")
                endif()
            endforeach()
        endforeach()
    endforeach()
endforeach()
if(violations)
    list(JOIN violations "\n  " lines)
    message(FATAL_ERROR "Layering broken:\n  ${lines}")
endif()
message(STATUS "every include names its layer, and each folder includes only the layers below it")
