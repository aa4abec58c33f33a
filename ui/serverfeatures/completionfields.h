#pragma once

#include <QMap>
#include <QWidget>

class QFormLayout;
class QLabel;
class QLineEdit;

namespace Toolgate {

class ArgumentCompleter;
class ServerConnection;
struct CompletionReference;

/// The named text fields a person fills in before asking a server for something, with the server's
/// suggestions as they type (ArgumentCompleter): a prompt's arguments, a resource template's variables.
/// A form of label and field rows.
class CompletionFields final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CompletionFields)
public:
    explicit CompletionFields(QWidget *parent = nullptr);

    /// Removes every field and the completer.
    void clear();
    /// The fields added from now on are completed for reference, by connection's server (not owned).
    void completeFor(ServerConnection *connection, const CompletionReference &reference);
    /// Adds a row: a label saying labelText, and a new field for the value called name; returns the field
    /// to set up. The label is plain text, bounded (DisplayText::forLabel()): the names come from servers.
    QLineEdit *addField(const QString &name, const QString &labelText);

    /// The field for name, or null.
    QLineEdit *field(const QString &name) const { return m_fields.value(name); }
    /// Every field, by name.
    const QMap<QString, QLineEdit *> &fields() const { return m_fields; }
    /// Offers the server's suggestions for the fields; null until completeFor().
    ArgumentCompleter *completer() const { return m_completer; }

private:
    QFormLayout *m_layout;
    QMap<QString, QLineEdit *> m_fields;
    ArgumentCompleter *m_completer = nullptr;
};

} // namespace Toolgate
