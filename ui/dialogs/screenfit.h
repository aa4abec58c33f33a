#pragma once

#include <QRect>

class QScrollArea;
class QWidget;

namespace Toolgate::ScreenFit {

/// The room windows have on the screen widget shows on (its parent window's screen until it has one
/// of its own): the screen's available geometry, without panels and docks. Empty without a screen.
QRect availableRoom(const QWidget *widget);

/// content in a frameless scroll area that gives it the whole width and scrolls it vertically when
/// the window is shorter than it: what a dialog puts above its buttons, so that a small screen or a
/// large scale factor scrolls the content and never pushes the buttons off screen.
QScrollArea *scrollable(QWidget *content, QWidget *parent);

/// Caps window's minimum size and size to the room on its screen (less its frame) and moves it back
/// inside when it reaches past an edge.
void fit(QWidget *window);

/// From now on, fits every top-level window and dialog of the application to its screen whenever it is
/// shown or grows while shown (a minimum size raised by new content, a saved geometry from a larger
/// screen). Calling it again does nothing.
void fitWindowsAsTheyShow();

} // namespace Toolgate::ScreenFit
