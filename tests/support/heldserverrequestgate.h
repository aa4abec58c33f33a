#pragma once

// A ServerRequestGate that declares all a person can answer and holds every sampling and elicitation
// question it is given, as an open dialog would, until the test answers it through the ServerRequest — the
// path a person's answer in the GUI or the terminal takes. Roots are answered at once: none shared.

#include "core/requests/serverrequest.h"
#include "core/requests/serverrequestgate.h"

#include <QList>
#include <QPointer>

namespace Toolgate::TestSupport {

class HeldServerRequestGate final : public ServerRequestGate
{
public:
    Abilities abilities() const override
    {
        Abilities abilities;
        abilities.sampling = true;
        abilities.elicitationForm = true;
        abilities.elicitationUrl = true;
        abilities.roots = true;
        return abilities;
    }
    void present(ServerRequest *request) override
    {
        if (request->kind() == ServerRequest::Kind::Roots)
            request->answerRoots({});
        else
            presented.append(request);
    }

    /// The newest question still open, or null.
    ServerRequest *open() const
    {
        for (auto it = presented.crbegin(); it != presented.crend(); ++it) {
            if (*it && !(*it)->isSettled())
                return *it;
        }
        return nullptr;
    }

    QList<QPointer<ServerRequest>> presented;
};

} // namespace Toolgate::TestSupport
