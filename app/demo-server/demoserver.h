#pragma once

#include "core/common/result.h"
#include "core/protocol/implementation.h"

#include <QString>
#include <QtGlobal>

#include <memory>

namespace Toolgate {

class McpServer;

/// Everything toolgate-demo-server offers: the tools (see DemoTools), its resources and
/// resource template, prompts, completions, and the state behind change_catalog and
/// touch_resource. A showcase for people meeting MCP and Toolgate for the first time.
class DemoServer final
{
    Q_DISABLE_COPY_MOVE(DemoServer)
public:
    /// Does not own server. Calls that arrive after this object is gone are answered with an error.
    explicit DemoServer(McpServer *server);
    ~DemoServer();

    /// Registers every tool, resource, template, prompt and the completion handler.
    Result<void> registerAll();

    /// How the demo introduces itself in the initialize result.
    static Implementation serverInfo();
    /// The instructions sent with the initialize result.
    static QString instructions();

private:
    class Private;
    std::shared_ptr<Private> d;
};

} // namespace Toolgate
