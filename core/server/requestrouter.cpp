#include "core/server/requestrouter.h"

#include "core/server/resultshaper.h"

namespace Toolgate {

void RequestRouter::on(const QString &method, Handler handler, Eras eras)
{
    m_peer.setRequestHandler(method, [this, method, eras, handler = std::move(handler)](const JsonRpcMessage &request,
                                                                                        const Responder &responder) {
        if (m_lifecycle.admit(method, request, responder, eras))
            handler(request, responder);
    });
}

void RequestRouter::onSync(const QString &method, SyncHandler handler, Eras eras)
{
    on(method, [this, method, handler = std::move(handler)](const JsonRpcMessage &request, const Responder &responder) {
        m_shaper.answer(responder, handler(request.params()), method);
    }, eras);
}

} // namespace Toolgate
