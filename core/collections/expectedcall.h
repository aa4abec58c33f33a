#pragma once

#include "core/collections/expectation.h"

#include "core/common/jsonkeyorder.h"
#include "core/common/result.h"

#include <QJsonObject>
#include <QList>
#include <QString>

namespace Toolgate {

/// One tool call a model asked for in a run of a prompt (evaluating a model), as the report shows it.
struct ModelCallSeen
{
    QString tool;          ///< the exposed tool it maps to; else the name the model wrote
    bool exposed = false;  ///< it maps to one of the tools the model was offered
    QJsonObject arguments; ///< parsed; empty when they were no JSON object
    QString argumentsText; ///< as the model wrote them
    QString problem;       ///< the call was unusable (arguments that are no JSON object): why; else empty
    QString outcome;       ///< what became of it when calls were sent ("succeeded", "denied", ...); else empty

    /// The call in one line: the tool and its arguments as the model wrote them (add {"a": 2, "b": 3}).
    QString describe() const;
};

/// A tool call a prompt expects of the model ("expectCalls" in a collection): the tool, and checks on
/// the arguments the model writes for it ("equals" / "matches" at a JSON pointer, as for results).
struct ExpectedCall
{
    QString tool;
    QList<Expectation> expectations;

    /// The verdict on one run: whether the model's calls hold every expected call, and if not, why.
    struct Verdict
    {
        bool passed = false;
        QString problem; ///< failed: which expected call is missing, and what the closest call had instead
    };

    /// "a call of add (/a equals 2, /b equals 3)".
    QString describe() const;
    /// Reads one entry of "expectCalls"; errors name where and the field.
    static Result<ExpectedCall> fromJson(const QJsonValue &json, const QString &where);
    /// {"tool": …, "expect": […]}, for JsonWriter with the order tool, expect.
    QJsonObject toJson() const;

    /// Passes when the model's calls hold the expected calls in the order written: each expected call
    /// is matched by a later call than the one before it (same tool, every check on its arguments
    /// holds; a call serves one expected call only). Other calls before, between or after are allowed.
    /// No expected calls: passes only when the model called no tool at all.
    static Verdict judge(const QList<ExpectedCall> &expected, const QList<ModelCallSeen> &calls);
};

} // namespace Toolgate
