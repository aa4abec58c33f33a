#pragma once

class QWidget;

namespace Toolgate::WheelGuard {

/// A form scrolls inside its page: turning the wheel over a choice (a combo box) on the way must scroll
/// the page, not pick another value the person never chose — for a oneOf chooser that would also throw
/// away what was typed in the alternative. The guarded widget takes the wheel only once it has focus
/// (clicked or tabbed to); a wheel no longer gives it focus.
void install(QWidget *widget);

} // namespace Toolgate::WheelGuard
