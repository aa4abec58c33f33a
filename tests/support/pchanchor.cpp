// Compiles the precompiled header that the test executables share (tests/CMakeLists.txt,
// TOOLGATE_FAST_TEST_BUILD); it is never run.
int main()
{
    return 0;
}
