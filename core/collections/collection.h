#pragma once

#include "core/collections/expectation.h"
#include "core/collections/expectedcall.h"

#include "core/common/jsonkeyorder.h"
#include "core/common/result.h"

#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>

namespace Toolgate {

struct ToolCallRecord;

/// One saved tool call of a collection: where it goes, what it sends, and what its result must show.
struct SavedCall
{
    QString name;
    QString server; ///< the configured server's name; empty: the run's server (e.g. --server) must be given
    QString tool;
    QJsonObject arguments;        ///< may hold ${variables} in its string values
    JsonKeyOrder argumentOrder;   ///< the order the file wrote the arguments' keys in
    QList<Expectation> expectations;

    // Or a prompt to a model instead of a tool call (docs/collections.md, "Evaluating a model"):
    QString prompt;                    ///< "prompt": not empty makes this a prompt (tool and arguments unused)
    QStringList exposedTools;          ///< "tools": the server's tools offered to the model; empty: all of them
    int runs = 0;                      ///< "runs": how often the prompt is tried; 0: not given (once)
    QList<ExpectedCall> expectedCalls; ///< "expectCalls": the tool calls expected of the model, in order

    bool isPrompt() const { return !prompt.isEmpty(); }

    /// A finished call saved as it was sent (its server, tool, and arguments in the order sent), expecting
    /// what it showed: {"isError": …} as it answered, and {"matchesOutputSchema": true} when its structured
    /// content matched. For "Save…" in the app; the person edits name and expectations afterwards.
    static SavedCall fromCall(const ToolCallRecord &call, const QString &name);
};

/// A call with its variables filled in: exactly what will be sent (and what the run approval shows).
struct ResolvedCall
{
    QString name;
    QString server;
    QString tool;
    QJsonObject arguments;
    JsonKeyOrder argumentOrder;
    QList<Expectation> expectations;

    QString prompt; ///< not empty: a prompt (its ${variables} filled in), tried runs times
    QStringList exposedTools;
    int runs = 1;
    QList<ExpectedCall> expectedCalls;

    bool isPrompt() const { return !prompt.isEmpty(); }
};

/// A collection (issue 19): named saved calls with expectations, run together (CollectionRunner), kept
/// as a plain JSON file people can share (docs/collections.md describes the format).
struct Collection
{
    static constexpr int formatVersion = 1;
    /// Limits, each with a message that says which (issue #35: every amplifier has a limit). A collection
    /// is read whole and filled in before any call is asked about, so none may grow without bound there.
    static constexpr qint64 maxFileSize = 32 * 1024 * 1024;   ///< bytes of a collection file
    static constexpr qsizetype maxCalls = 10000;               ///< calls in one collection
    static constexpr qint64 maxFilledIn = 32 * 1024 * 1024;    ///< characters ${variables} add to one run
    static constexpr int maxRuns = 1000;                       ///< runs of one prompt (each asks the model)

    QString name;
    QString description;
    /// Defaults of the ${variables}; a run may override them (--var name=value).
    QJsonObject variables;
    JsonKeyOrder variableOrder; ///< the order the file wrote the variables in
    QList<SavedCall> calls;

    /// Reads a collection file. Errors (ConfigError) name the file, and the call and field when one is wrong.
    static Result<Collection> load(const QString &path);
    /// The same from the file's text; source names it in errors.
    static Result<Collection> fromJson(const QByteArray &text, const QString &source);
    /// Writes the collection as indented JSON, the arguments' keys in their order (atomically).
    Result<void> save(const QString &path) const;
    QByteArray toJson() const;

    /// Where collections live: "collections" in the app's data folder, or in TOOLGATE_CONFIG_DIR when set.
    static QString defaultFolder();

    /// The calls with their ${variables} filled in from overrides, else from the collection's defaults,
    /// and serverOverride (when not empty) as every call's server. Any variable that has no value, or a
    /// call without a server, is an error before anything runs.
    Result<QList<ResolvedCall>> resolve(const QJsonObject &overrides = {}, const QString &serverOverride = {}) const;
    /// Reads "name=value" as given on a command line: value as JSON when it is valid JSON (3, true,
    /// "text", [1,2]), otherwise as text.
    static Result<std::pair<QString, QJsonValue>> parseVariable(const QString &assignment);
    /// The servers the calls name, each once, in order of first use.
    QStringList servers() const;
    /// Whether any entry is a prompt to a model (the run then needs one).
    bool hasPrompts() const;
};

} // namespace Toolgate
