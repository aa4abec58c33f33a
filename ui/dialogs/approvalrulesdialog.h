#pragma once

#include "core/calls/approvalpolicy.h"

#include <QDialog>
#include <QPointer>

class QLabel;
class QPushButton;
class QTableWidget;

namespace Toolgate {

/// Lists the approvals Toolgate remembers (ApprovalPolicy::rules(): "allow for this session" and "always
/// allow") and lets the person revoke some or all of them, so those tools are asked about again.
/// Follows the policy live through rulesChanged().
class ApprovalRulesDialog final : public QDialog
{
    Q_OBJECT
public:
    explicit ApprovalRulesDialog(ApprovalPolicy *policy, QWidget *parent = nullptr);

    /// Revokes the rules of the selected rows.
    void revokeSelected();
    /// Revokes every rule.
    void revokeAll();

private:
    void reload();
    void updateButtons();
    ApprovalPolicy::Rule ruleAt(int row) const;

    QPointer<ApprovalPolicy> m_policy;
    QTableWidget *m_table = nullptr;
    QLabel *m_empty = nullptr;
    QLabel *m_loadError = nullptr;
    QPushButton *m_revoke = nullptr;
    QPushButton *m_revokeAll = nullptr;
};

} // namespace Toolgate
