#include "core/requests/serverrequestgate.h"

#include "core/common/error.h"
#include "core/requests/serverrequest.h"

namespace Toolgate {

DecliningServerRequestGate::DecliningServerRequestGate(QString why, QList<Root> roots)
    : m_why(std::move(why))
    , m_roots(std::move(roots))
{
}

ServerRequestGate::Abilities DecliningServerRequestGate::abilities() const
{
    // Declared so that servers show every tool they have; each request is then declined, saying why.
    return Abilities{true, true, true, true, true};
}

void DecliningServerRequestGate::present(ServerRequest *request)
{
    request->setAnsweredByRule(m_why);
    switch (request->kind()) {
    case ServerRequest::Kind::Roots:
        request->answerRoots(m_roots);
        return;
    case ServerRequest::Kind::Sampling:
        request->decline(m_why);
        return;
    case ServerRequest::Kind::Elicitation:
        request->declineElicitation();
        return;
    }
}

} // namespace Toolgate
