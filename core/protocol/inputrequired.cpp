#include "core/protocol/inputrequired.h"

#include "core/common/error.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QStringList>

namespace Toolgate {

namespace {

const QStringList &inputMethods()
{
    static const QStringList methods{QStringLiteral("elicitation/create"), QStringLiteral("sampling/createMessage"),
                                     QStringLiteral("roots/list")};
    return methods;
}

Error invalid(const QString &what)
{
    return makeError(ErrorCode::ProtocolError,
                     QCoreApplication::translate("Toolgate::InputRequiredResult", "the server asked for input in a form Toolgate cannot read: %1")
                         .arg(what));
}

} // namespace

bool InputRequiredResult::isInputRequired(const QJsonObject &result)
{
    return result.value(QLatin1String("resultType")) == QJsonValue(resultType);
}

qint64 InputRequiredResult::stateBytes(QStringView state)
{
    qint64 bytes = 0;
    for (const QChar c : state)
        bytes += c.unicode() < 0x80 ? 1 : c.unicode() < 0x800 || c.isSurrogate() ? 2 : 3; // a surrogate pair is 4
    return bytes;
}

Result<InputRequiredResult> InputRequiredResult::parse(const QJsonObject &result, const JsonKeyOrder &order)
{
    InputRequiredResult parsed;
    const QJsonValue state = result.value(QLatin1String("requestState"));
    if (!state.isUndefined()) {
        if (!state.isString())
            return invalid(QStringLiteral("requestState is not a string"));
        parsed.requestState = state.toString();
    }
    const QJsonValue requests = result.value(QLatin1String("inputRequests"));
    if (!requests.isUndefined() && !requests.isObject())
        return invalid(QStringLiteral("inputRequests is not an object"));
    if (requests.isUndefined() && !parsed.requestState)
        return invalid(QStringLiteral("neither inputRequests nor requestState is there"));

    const QJsonObject entries = requests.toObject();
    const JsonKeyOrder entriesOrder = order.member(u"inputRequests");
    for (const QString &key : entriesOrder.orderedKeys(entries)) {
        const QJsonValue entry = entries.value(key);
        if (!entry.isObject())
            return invalid(QStringLiteral("inputRequests.%1 is not an object").arg(key));
        const QJsonObject request = entry.toObject();
        const QString method = request.value(QLatin1String("method")).toString();
        if (!inputMethods().contains(method))
            return invalid(QStringLiteral("inputRequests.%1 asks for \"%2\", which is none of %3")
                               .arg(key, method.left(80), inputMethods().join(QStringLiteral(", "))));
        const QJsonValue params = request.value(QLatin1String("params"));
        if (!params.isUndefined() && !params.isObject())
            return invalid(QStringLiteral("inputRequests.%1.params is not an object").arg(key));
        parsed.requests.append({key, method, params.toObject(), entriesOrder.member(key).member(u"params")});
    }
    return parsed;
}

QString InputRound::describe() const
{
    QStringList parts;
    for (const Input &input : inputs) {
        if (input.method == QLatin1String("elicitation/create")) {
            QString message = input.params.value(QLatin1String("message")).toString().simplified();
            if (message.size() > 80)
                message = message.left(79) + QChar(0x2026);
            const QString action = input.answer.value(QLatin1String("action")).toString();
            const QString answered = action == QLatin1String("accept") ? QCoreApplication::translate("Toolgate::InputRound", "accepted")
                : action == QLatin1String("decline")                   ? QCoreApplication::translate("Toolgate::InputRound", "declined")
                : action == QLatin1String("cancel")                    ? QCoreApplication::translate("Toolgate::InputRound", "cancelled")
                                                                       : QCoreApplication::translate("Toolgate::InputRound", "answered");
            const bool url = input.params.value(QLatin1String("mode")).toString() == QLatin1String("url");
            parts.append((url ? QCoreApplication::translate("Toolgate::InputRound", "a step in the browser, “%1” → %2") : QCoreApplication::translate("Toolgate::InputRound", "a form, “%1” → %2")).arg(message, answered));
        } else if (input.method == QLatin1String("sampling/createMessage")) {
            parts.append(QCoreApplication::translate("Toolgate::InputRound", "a reply from the model → sent"));
        } else {
            const int roots = int(input.answer.value(QLatin1String("roots")).toArray().size());
            parts.append(QCoreApplication::translate("Toolgate::InputRound", "the roots → %n given", nullptr, roots));
        }
    }
    if (parts.isEmpty())
        parts.append(QCoreApplication::translate("Toolgate::InputRound", "nothing new, only its state"));
    return QCoreApplication::translate("Toolgate::InputRound", "Round %1: %2").arg(number).arg(parts.join(QStringLiteral("; ")));
}

} // namespace Toolgate
