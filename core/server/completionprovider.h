#pragma once

#include "core/common/result.h"
#include "core/protocol/completion.h"

#include <QJsonObject>
#include <QMap>
#include <QString>
#include <QStringList>

#include <functional>

namespace Toolgate {

class PromptRegistry;
class ResourceRegistry;

/// A completion/complete request as a handler sees it.
struct CompletionRequest
{
    CompletionReference reference;
    QString argumentName;
    QString value;                     // what the user typed so far
    QMap<QString, QString> arguments;  // other arguments already filled in (context.arguments)
};

/// Answers completion/complete with the handler the server installed: checks that the request
/// names a registered prompt or template, and keeps the answer within the spec's cap.
class CompletionProvider final
{
public:
    using Handler = std::function<Result<CompleteResult>(const CompletionRequest &request)>;

    void setHandler(Handler handler) { m_handler = std::move(handler); }
    /// True with a handler: only then is the completions capability offered.
    bool isOffered() const { return bool(m_handler); }

    /// Answers completion/complete.
    Result<QJsonObject> complete(const QJsonObject &params, const PromptRegistry &prompts,
                                 const ResourceRegistry &resources) const;

    /// The candidates that start with typed (ignoring case), in order, shaped as a completion result.
    static CompleteResult completeFrom(const QStringList &candidates, const QString &typed);

private:
    Handler m_handler;
};

} // namespace Toolgate
