// Deliberately wrong code for arch_approval_bypass_does_not_compile: it sends tools/call straight
// through a ClientSession, skipping approval and the audit log. It must not compile.
#include "core/client/clientsession.h"

#ifdef TOOLGATE_PROBE_WITH_TEST_KEY
#include "toolcallkeyfortests.h"
#endif

using namespace Toolgate;

void sendWithoutAsking(ClientSession *session)
{
#ifdef TOOLGATE_PROBE_WITH_TEST_KEY
    const ToolCallKey key = ToolCallKeyForTests::make();
#else
    const ToolCallKey key{}; // only the ToolCallPipeline can make one
#endif
    session->callTool(key, QStringLiteral("delete_everything"), {}, {}, session, [](const Result<CallToolResult> &) {});
}

int main()
{
    return 0;
}
