#pragma once

#include "core/calls/approval.h"
#include "core/protocol/elicitation.h"
#include "ui/clientfeatures/serverrequestdialog.h"

#include <QJsonObject>
#include <QUrl>

#include <functional>

class QLabel;
class QPushButton;

namespace Toolgate {

class ArgumentForm;

/// A server's elicitation/create request. Form mode: the server's message above a form built from its
/// requestedSchema (ArgumentForm, checked as the person types); Accept sends the values, and is only
/// active while they are valid. URL mode: the message and the URL with its host spelled out; the URL is
/// opened in the browser only when the person clicks Open (QDesktopServices), which answers accept.
///
/// The same URL view also presents the URL elicitations of a -32042 error (Purpose::RequiredByCall): then
/// nothing is answered to the server (the call already failed); the dialog says that the person runs the
/// call again once the step is done, and Decline is not offered (Not Now closes it).
///
/// Non-modal. Decline has the focus and there is no default button (Enter in a field answers nothing); Esc
/// and closing the window cancel (the spec's
/// "dismissed without an explicit choice"). answered() is emitted exactly once. It builds no message:
/// the request comes typed from core, and the answer goes back typed.
class ElicitationDialog final : public ServerRequestDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ElicitationDialog)
public:
    enum class Purpose {
        Request,        ///< An elicitation/create request the server waits on.
        RequiredByCall, ///< A URL elicitation from a -32042 error: the person's request waits on it.
    };

    ElicitationDialog(const ServerIdentity &server, const ElicitationRequest &request, QWidget *parent = nullptr,
                      Purpose purpose = Purpose::Request);

    /// Sends an accepted answer: an error keeps the dialog open, showing what is wrong. Without one,
    /// Accept just emits answered().
    using Submitter = std::function<Result<void>(const ElicitationResult &result)>;
    void setSubmitter(Submitter submitter) { m_submitter = std::move(submitter); }

    Purpose purpose() const { return m_purpose; }
    /// The URL elicitation's elicitationId (empty in form mode or when the server gave none).
    QString elicitationId() const { return m_elicitationId; }

    bool isUrlMode() const { return m_urlMode; }
    /// The form (form mode), else null.
    ArgumentForm *form() const { return m_form; }
    QUrl url() const { return m_url; }

    QPushButton *acceptButton() const { return m_accept; }
    /// Says why Accept is not available yet, while the answers do not pass their checks.
    QLabel *acceptHint() const { return m_acceptHint; }
    QPushButton *declineButton() const { return m_decline; }
    QPushButton *cancelButton() const { return m_cancel; }

signals:
    /// accept (with the form's content in form mode), decline or cancel.
    void answered(const Toolgate::ElicitationResult &result);

public slots:
    void done(int result) override;

private:
    QWidget *buildForm(const QJsonObject &requestedSchema, const JsonKeyOrder &schemaOrder);
    QWidget *buildUrl();
    void finish(ElicitationResult::Action action);
    void updateAcceptButton();

    Purpose m_purpose = Purpose::Request;
    Submitter m_submitter;
    bool m_urlMode = false;
    bool m_finished = false;
    QString m_elicitationId;
    QUrl m_url;
    ArgumentForm *m_form = nullptr;
    QPushButton *m_accept = nullptr;
    QLabel *m_acceptHint = nullptr;
    QPushButton *m_decline = nullptr;
    QPushButton *m_cancel = nullptr;
};

} // namespace Toolgate
