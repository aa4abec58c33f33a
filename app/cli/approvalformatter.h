#pragma once

#include "core/calls/approval.h"

#include <QString>

namespace Toolgate {

/// Writes an ApprovalRequest as the text a person reads before answering the prompt. Every piece
/// the server supplied is passed through Console::sanitized(), since it is untrusted.
class ApprovalFormatter final
{
public:
    ApprovalFormatter() = delete;

    /// The whole summary: server, tool, warnings about hidden or disguised text (ApprovalWarning),
    /// annotations, problems, arguments. Ends with a newline.
    static QString format(const ApprovalRequest &request);
    /// A whole run (a collection): every call with its server, tool and exact arguments. Ends with a newline.
    static QString formatRun(const RunApprovalRequest &request);
    /// The annotations as words ("read-only, not destructive, ..."); empty when there are none.
    static QString annotationClaims(const ToolAnnotations &annotations);
};

} // namespace Toolgate
