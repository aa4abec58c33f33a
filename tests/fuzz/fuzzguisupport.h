#pragma once

// For the fuzz targets that build widgets (they link toolgate_widgets).

#include "fuzzsupport.h"

#include <QApplication>

// fontconfig keeps its first allocations for the life of the process without a pointer LSan can
// see: not ours, and not a per-input leak. (LSan asks for this hook by name; one fuzz target per
// executable includes this header.)
extern "C" const char *__lsan_default_suppressions()
{
    return "leak:libfontconfig.so\n";
}
extern "C" const char *__lsan_default_options()
{
    return "print_suppressions=0";
}

namespace Toolgate::Fuzz {

/// The same for targets that build widgets; offscreen unless QT_QPA_PLATFORM says otherwise.
inline void ensureGuiApplication()
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    ensureApplication<QApplication>();
}

} // namespace Toolgate::Fuzz
