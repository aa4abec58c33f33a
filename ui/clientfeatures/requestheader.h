#pragma once

#include "core/calls/approval.h"

class QLabel;
class QWidget;

namespace Toolgate {

/// The top of every server-request dialog: which server asks (its configured name in bold, its command
/// or URL, what it says it is, marked self-reported) under a headline. All server text is plain text.
QWidget *createServerRequestHeader(const ServerIdentity &server, const QString &headline, QWidget *parent);

/// Shows, under the headline of dialog's header, what the server needs the answer for (ServerRequest::occasion():
/// the call it is finishing, for a 2026-07-28 server's question); nothing when occasion is empty.
void showServerRequestOccasion(QWidget *dialog, const QString &occasion);

} // namespace Toolgate
