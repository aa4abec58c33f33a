cmake_minimum_required(VERSION 3.25)
# Builds the control probe (must compile) and the bypass probe (must not): see CMakeLists.txt.
execute_process(COMMAND ${CMAKE_COMMAND} --build ${BINARY_DIR} --target toolgate_approval_bypass_control
                RESULT_VARIABLE control OUTPUT_VARIABLE controlOut ERROR_VARIABLE controlOut)
if(NOT control EQUAL 0)
    message(FATAL_ERROR "The control probe (callTool with the tests' key) does not compile, so the bypass check proves nothing:\n${controlOut}")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} --build ${BINARY_DIR} --target toolgate_approval_bypass_probe
                RESULT_VARIABLE probe OUTPUT_VARIABLE probeOut ERROR_VARIABLE probeOut)
if(probe EQUAL 0)
    message(FATAL_ERROR "Code outside the ToolCallPipeline could call ClientSession::callTool(): the approval step can be skipped.")
endif()
if(NOT probeOut MATCHES "ToolCallKey")
    message(FATAL_ERROR "The bypass probe failed to compile, but not because of ToolCallKey:\n${probeOut}")
endif()
message(STATUS "callTool() cannot be reached without the pipeline's ToolCallKey")
