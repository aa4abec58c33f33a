#include "core/transport/transport.h"

namespace Toolgate {

bool Transport::beginClosing(State &state, std::function<void()> endUnstarted)
{
    switch (state) {
    case State::Idle:
        state = State::Closed;
        QMetaObject::invokeMethod(this, std::move(endUnstarted), Qt::QueuedConnection);
        return false;
    case State::Closing:
    case State::Closed:
        return false;
    case State::Starting:
    case State::Open:
        break;
    }
    state = State::Closing;
    return true;
}

} // namespace Toolgate
