cmake_minimum_required(VERSION 3.25)
# Fails when product code other than the pipeline's own path can send tools/call:
#  - the method name as a request only in ClientSession (client side, behind ToolCallKey) and the
#    server side (core/server, the demo server, which answer it); core/apps/appbridge.cpp answers an
#    MCP App view's tools/call, which it hands to AppHost::callTool(), i.e. to the pipeline;
#    core/transport/requestheaders.cpp reads a tools/call the session already wrote, to mirror its tool's
#    name and arguments into HTTP headers (2026-07-28), and sends nothing;
#  - ClientSession::callTool() used only by core/calls/toolcall.cpp;
#  - ToolCallKeyForTests, the tests' way in, defined only under tests/support.
set(violations "")
file(GLOB_RECURSE sources RELATIVE ${SOURCE_DIR}
    ${SOURCE_DIR}/core/*.cpp ${SOURCE_DIR}/core/*.h ${SOURCE_DIR}/ui/*.cpp ${SOURCE_DIR}/ui/*.h
    ${SOURCE_DIR}/app/*.cpp ${SOURCE_DIR}/app/*.h)
foreach(file IN LISTS sources)
    file(READ ${SOURCE_DIR}/${file} text)
    if(text MATCHES "\"tools/call\"")
        if(NOT file MATCHES "^core/client/clientsession\\.cpp$|^core/server/|^app/demo-server/|^core/apps/appbridge\\.cpp$|^core/transport/requestheaders\\.cpp$")
            list(APPEND violations "${file}: names the tools/call request")
        endif()
    endif()
    if(text MATCHES "->callTool\\(ToolCallKey|\\.callTool\\(ToolCallKey|callTool\\(key")
        if(NOT file MATCHES "^core/calls/toolcall\\.cpp$")
            list(APPEND violations "${file}: calls ClientSession::callTool() outside the ToolCallPipeline")
        endif()
    endif()
    if(text MATCHES "struct ToolCallKeyForTests[^;]")
        list(APPEND violations "${file}: defines ToolCallKeyForTests outside tests/support")
    endif()
endforeach()
file(GLOB_RECURSE testSources RELATIVE ${SOURCE_DIR} ${SOURCE_DIR}/tests/*.cpp ${SOURCE_DIR}/tests/*.h)
foreach(file IN LISTS testSources)
    file(READ ${SOURCE_DIR}/${file} text)
    if(text MATCHES "struct ToolCallKeyForTests[^;]" AND NOT file MATCHES "^tests/support/")
        list(APPEND violations "${file}: defines ToolCallKeyForTests outside tests/support")
    endif()
endforeach()
if(violations)
    list(JOIN violations "\n  " lines)
    message(FATAL_ERROR "Only the ToolCallPipeline may send tools/call:\n  ${lines}")
endif()
message(STATUS "tools/call is sent only through the ToolCallPipeline")
