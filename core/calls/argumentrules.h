#pragma once

#include "core/common/result.h"

#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>

#include <optional>

namespace Toolgate {


/// One condition on one argument value of a tool call (issue 16, item 4).
///
/// The argument is named by its top-level name ("path") or by a JSON pointer ("/options/target").
/// A missing argument does not satisfy a condition. A value the condition cannot judge — of the
/// wrong type, too long for a pattern, a pattern that gives up, a relative path, a file on another
/// host, a URL without a host — leaves it unknown, and a rule never allows on an unknown but takes
/// the most careful of its outcomes (issue #35: rules fail closed; see ArgumentRule::actionFor()).
struct ArgumentCondition
{
    enum class Kind {
        /// The value is a path inside folder. Both are resolved first: `~` expanded, `.` and `..` taken
        /// step by step after symlinks are followed (as the system would open it), so neither `..` nor a
        /// symlink can lead out. A part that does not exist yet is judged by its nearest existing parent.
        /// A relative path never holds: the server's working folder is not known.
        PathInside,
        /// The value is a URL whose host is in hosts: exactly, or for "*.example.com" any host under it.
        UrlHost,
        /// The whole value (a string, at most maxPatternValueLength characters) matches pattern.
        Matches,
        /// The value is a number within [minimum, maximum] (either bound may be absent).
        NumberWithin,
    };

    Kind kind = Kind::PathInside;
    QString argument;
    QString folder;        ///< PathInside
    QStringList hosts;     ///< UrlHost
    QString pattern;       ///< Matches
    std::optional<double> minimum; ///< NumberWithin
    std::optional<double> maximum; ///< NumberWithin

    static constexpr qsizetype maxPatternValueLength = 4096;

    /// What a condition says about one call's arguments.
    struct Check
    {
        enum class Truth { Holds, DoesNotHold, Unknown };
        Truth truth = Truth::DoesNotHold;
        QString why; ///< Unknown: why it cannot be told, in plain words
    };
    Check check(const QJsonObject &arguments) const;
    /// Whether the condition holds for these arguments (an unknown does not).
    bool holds(const QJsonObject &arguments) const;
    /// In plain words: "Path argument path must be inside folder ~/projects".
    QString describe() const;
    /// Why the condition cannot be used, if it cannot (an invalid pattern, no folder...).
    QString problem() const;

    static QString kindName(Kind kind);
    static std::optional<Kind> kindFromName(QStringView name);
    /// The value the argument address names, if there is one.
    static std::optional<QJsonValue> valueAt(const QJsonObject &arguments, const QString &argument);
    /// The path as the system would reach it: absolute, `~` expanded, symlinks of its existing part
    /// followed and `.`/`..` resolved. Empty for a relative path or a symlink loop.
    static QString resolvedPath(const QString &path);
};

/// A rule on the argument values of calls of one server's tools (or of one tool).
struct ArgumentRule
{
    enum class Action { Allow, Ask, Deny };

    QString name;
    QString server;  ///< The server's configured name.
    QString tool;    ///< Empty: every tool of the server.
    /// All must hold for the rule to match.
    QList<ArgumentCondition> conditions;
    Action action = Action::Ask;
    /// Why, for a denial (told to the caller and recorded).
    QString reason;
    /// What happens to a call in the rule's scope whose conditions do not hold; none: the rule does
    /// not apply and the next one is asked.
    std::optional<Action> otherwise;
    QString otherwiseReason;
    bool enabled = true;
    /// Runs without deciding: what it would have done is recorded, the person still decides.
    bool shadow = false;

    bool covers(const QString &serverName, const QString &toolName) const;
    /// The action for these arguments, or none when the rule does not apply to them. When a condition
    /// cannot be told (and none is known not to hold), the outcome is the most careful of the rule's
    /// two (deny before ask before not applying before allow): a value built to slip past a deny rule
    /// is denied, and one that cannot be checked is never allowed; the reason says why.
    std::optional<Action> actionFor(const QJsonObject &arguments, QString *reasonOut = nullptr) const;
    /// What is wrong with the rule, if anything (a rule with problems is never used).
    QStringList problems() const;

    static QString actionName(Action action);
    static std::optional<Action> actionFromName(QStringView name);
    /// "allow", "ask", "deny" in plain (translated) words.
    static QString actionText(Action action);

    QJsonObject toJson() const;
    static Result<ArgumentRule> fromJson(const QJsonObject &json);
};

/// What one rule said about one call.
struct ArgumentRuleVerdict
{
    QString rule;
    ArgumentRule::Action action = ArgumentRule::Action::Ask;
    QString reason;
    bool shadow = false;

    /// For the audit log and the CLI: `rule "x": deny (outside the project)`.
    QString describe() const;
};

/// What the rules said about one call: the rule that decides (the first enabled, non-shadow rule
/// that applies) and what the shadow rules before it would have done.
struct ArgumentRuleEvaluation
{
    std::optional<ArgumentRuleVerdict> deciding;
    QList<ArgumentRuleVerdict> shadows;
};

/// The rules on argument values, evaluated in core before remembered decisions and the person:
/// by the GUI and the CLI alike. Kept in a JSON file people can edit (rules.json next to approvals.json);
/// a broken file gives no rules and a clear error.
class ArgumentRules final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ArgumentRules)
public:
    /// storagePath empty: in memory only.
    explicit ArgumentRules(const QString &storagePath = {}, QObject *parent = nullptr);

    /// rules.json in the app's config folder, or in TOOLGATE_CONFIG_DIR when that is set.
    static QString defaultPath();
    QString path() const { return m_storagePath; }

    QList<ArgumentRule> rules() const { return m_rules; }
    /// Replaces the rules and writes the file: what changed since this object read or wrote it is made
    /// to the file as it is now, under its lock, so that rules another Toolgate process or a person's
    /// editor changed meanwhile are kept (and rules() has them too).
    Result<void> setRules(const QList<ArgumentRule> &rules);
    /// The error met loading the file, if it was broken (there are then no rules).
    std::optional<Error> loadError() const { return m_loadError; }

    ArgumentRuleEvaluation evaluate(const QString &serverName, const QString &toolName, const QJsonObject &arguments) const;
    static ArgumentRuleEvaluation evaluate(const QList<ArgumentRule> &rules, const QString &serverName,
                                           const QString &toolName, const QJsonObject &arguments);


    static QByteArray toJson(const QList<ArgumentRule> &rules);
    static Result<QList<ArgumentRule>> fromJson(const QByteArray &json);

signals:
    void rulesChanged();

private:
    /// The rules in the file at path (none when there is none), or none when it cannot be read.
    static std::optional<QList<ArgumentRule>> readRules(const QString &path);

    QString m_storagePath;
    QList<ArgumentRule> m_rules;
    QList<ArgumentRule> m_stored; ///< as the file held them when this object last read or wrote it
    std::optional<Error> m_loadError;
};

} // namespace Toolgate
