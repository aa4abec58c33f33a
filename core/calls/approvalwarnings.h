#pragma once

#include "core/calls/approval.h"
#include "core/common/suspicioustext.h"

#include <QList>
#include <QString>

namespace Toolgate {

/// Something in an approval request's server-supplied text that is hidden from the person or disguised
/// (SuspiciousText), with the field it is in: the warnings the dialog and the terminal prompt show
/// before a decision.
struct ApprovalWarning
{
    enum class Field {
        ServerInfo,    ///< What the server says it is (name, title, version).
        Endpoint,      ///< The command or URL the server runs at.
        ToolName,
        Title,         ///< The tool's title or annotations.title.
        Description,
        ArgumentName,  ///< A key in the arguments.
        ArgumentValue, ///< A string in the arguments.
    };

    Field field = Field::Description;
    QString argument; ///< For the argument fields: where, as "path", "options.mode" or "items[2]" (escaped).
    SuspiciousText::Finding finding;

    /// The field for a person: "Tool name", "Argument “path”".
    QString fieldName() const;
    /// "Description: contains an HTML comment …".
    QString words() const;

    /// Everything suspicious in request's text; nothing for ordinary text. Looks at no more than
    /// MaxArgumentStrings strings of the arguments.
    static QList<ApprovalWarning> inspect(const ApprovalRequest &request);
    static constexpr int MaxArgumentStrings = 2000;
};

} // namespace Toolgate
