#pragma once

#include "core/calls/argumentrules.h"

#include <QDialog>
#include <QPointer>

#include <atomic>
#include <memory>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;

namespace Toolgate {

/// Settings → Argument Rules: the rules on argument values (ArgumentRules), in order. Add, edit, remove,
/// reorder, switch on, run in shadow mode; conditions in plain words; and "Test against the audit log",
/// which replays the recorded calls of the rule's scope through it on a worker thread
/// ("would have allowed 41, denied 2, asked 5, not applied to 12"). Saved only with Save.
class ArgumentRulesDialog final : public QDialog
{
    Q_OBJECT
public:
    /// auditPath: the audit store the test replays (empty: the default one).
    ArgumentRulesDialog(ArgumentRules *rules, const QString &auditPath, QWidget *parent = nullptr);
    ~ArgumentRulesDialog() override;

    QList<ArgumentRule> editedRules() const { return m_rules; }
    /// Replays the selected rule against the audit log; testFinished() tells when the counts are shown.
    void testSelected();
    /// Writes the rules; false (with the problem shown) if one cannot be used or the file not written.
    bool save();
    void selectRule(int row);
    /// The configured servers' names, offered as the Server field is typed (a rule names a server exactly).
    void setServerNames(const QStringList &names);

signals:
    void testFinished(const QString &summary);

private:
    void reloadList();
    void showRule();
    void ruleEdited();
    void addRule();
    void removeRule();
    void moveRule(int by);
    void addCondition();
    void removeCondition();
    void updateConditionHint();
    int current() const;

    QPointer<ArgumentRules> m_store;
    QString m_auditPath;
    QList<ArgumentRule> m_rules;
    bool m_loading = false;
    std::shared_ptr<std::atomic_bool> m_cancel;

    QListWidget *m_list = nullptr;
    QLineEdit *m_name = nullptr;
    QLineEdit *m_server = nullptr;
    QLineEdit *m_tool = nullptr;
    QCheckBox *m_enabled = nullptr;
    QCheckBox *m_shadow = nullptr;
    QListWidget *m_conditions = nullptr;
    QComboBox *m_kind = nullptr;
    QLineEdit *m_argument = nullptr;
    QLineEdit *m_value = nullptr;
    QComboBox *m_action = nullptr;
    QLineEdit *m_reason = nullptr;
    QComboBox *m_otherwise = nullptr;
    QLineEdit *m_otherwiseReason = nullptr;
    QPushButton *m_test = nullptr;
    QLabel *m_testResult = nullptr;
    QLabel *m_problems = nullptr;
    QWidget *m_editor = nullptr;
};

} // namespace Toolgate
