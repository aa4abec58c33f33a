# Runs one fuzzer for ctest: cmake -DFUZZER=exe -DWORK=dir -DCORPUS=seeds -DARGS="a;b" -P runfuzzer.cmake
# New inputs go to a fresh WORK/corpus (never into the source tree); a finding is saved as
# WORK/crash-<sha1> (or leak-, timeout-, oom-) and makes the test fail with the fuzzer's exit code.
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK}/corpus)
execute_process(COMMAND ${FUZZER} ${ARGS} -artifact_prefix=${WORK}/ ${WORK}/corpus ${CORPUS}
                RESULT_VARIABLE result)
if(NOT result EQUAL 0)
    file(GLOB findings ${WORK}/crash-* ${WORK}/leak-* ${WORK}/timeout-* ${WORK}/oom-* ${WORK}/slow-unit-*)
    message(FATAL_ERROR "${FUZZER} failed (${result}); the input that failed: ${findings}\n"
                        "Reproduce it with: ${FUZZER} <that file>")
endif()
