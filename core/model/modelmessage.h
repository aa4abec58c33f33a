#pragma once

#include <QJsonObject>
#include <QList>
#include <QString>

namespace Toolgate {

/// A tool call a model asked for. name is the API-safe name the model saw (ToolNameMap maps it back).
struct ModelToolCall
{
    QString id;            ///< the provider's id of the call; the tool's result names it
    QString name;
    QJsonObject arguments; ///< parsed; empty when the arguments were not a JSON object
    QString argumentsText; ///< the arguments exactly as the model wrote them
    /// Empty for a call that can be carried out; else why not (invalid JSON arguments, a tool that was
    /// not offered), in words for people. Such a call is never carried out: it is answered with an error.
    QString problem;

    bool isValid() const { return problem.isEmpty(); }
};

/// What Toolgate answers to one tool call: the tool's result, or why it did not run (a denial, an
/// error), which the model sees as an error.
struct ModelToolResult
{
    QString callId;
    QString content;
    bool isError = false;
};

/// One message of a conversation with a model.
struct ModelMessage
{
    enum class Role {
        System,
        User,
        Assistant,   ///< text and/or tool calls
        ToolResults, ///< the answers to the previous assistant message's tool calls
    };

    Role role = Role::User;
    QString text;
    QList<ModelToolCall> toolCalls;     ///< Assistant only (valid and invalid ones alike)
    QList<ModelToolResult> toolResults; ///< ToolResults only

    static ModelMessage system(const QString &text) { return {Role::System, text, {}, {}}; }
    static ModelMessage user(const QString &text) { return {Role::User, text, {}, {}}; }
    static ModelMessage assistant(const QString &text, const QList<ModelToolCall> &calls = {}) { return {Role::Assistant, text, calls, {}}; }
    static ModelMessage results(const QList<ModelToolResult> &results) { return {Role::ToolResults, {}, {}, results}; }
};

} // namespace Toolgate
