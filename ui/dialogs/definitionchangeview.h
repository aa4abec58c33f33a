#pragma once

#include "core/calls/approval.h"

#include <QFrame>

namespace Toolgate {

/// The warning a confirmation shows above everything else when the tool is not what the person approved
/// before (its definition changed since: a possible "rug pull") or when another server offers a tool of
/// the same name (shadowing). For a change: one line in words, then per changed field a line diff of the
/// approved and the current definition, the server's text with hidden characters made visible.
class DefinitionChangeView final : public QFrame
{
    Q_OBJECT
public:
    /// Shows nothing (and should not be added) unless request has a definitionChange or shadowedServers.
    explicit DefinitionChangeView(const ApprovalRequest &request, QWidget *parent = nullptr);

    static bool needed(const ApprovalRequest &request)
    {
        return request.definitionChange || !request.shadowedServers.isEmpty();
    }
};

} // namespace Toolgate
