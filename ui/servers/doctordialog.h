#pragma once

#include "core/workspace/serverconfig.h"

#include <QDialog>

#include <memory>

class QPlainTextEdit;
class QPushButton;

namespace Toolgate {

class ConnectionDoctor;

/// The Connection Doctor's report on one server (issue #34), filled in check by check as it runs, with a
/// button that copies it (for a bug report or a question). Shown with open(); it runs the doctor itself.
class DoctorDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DoctorDialog)
public:
    /// mayStart: whether the doctor may start a local server's program (someone trusted what it runs).
    DoctorDialog(const ServerConfig &config, bool mayStart, QWidget *parent = nullptr);
    ~DoctorDialog() override;

    /// The report as shown (and copied).
    QString report() const;
    bool isFinished() const;

signals:
    /// The doctor has run every check (the report is whole).
    void reportReady();

private:
    void showReport();

    std::unique_ptr<ConnectionDoctor> m_doctor;
    QPlainTextEdit *m_text;
    QPushButton *m_copy;
};

} // namespace Toolgate
