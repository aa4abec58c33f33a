// A stand-in for toolgate-cli's conformance mode, for working on the HTTP stack before the CLI
// wires ConformanceMode in (configure with -DTOOLGATE_CONFORMANCE_DEV_CLIENT=ON). Same code path:
// it runs app/cli/conformancemode.cpp.

#include "app/cli/conformancemode.h"

#include <QCoreApplication>

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QStringList arguments = app.arguments();
    if (!Toolgate::ConformanceMode::requested(arguments))
        arguments.insert(1, QStringLiteral("--conformance"));
    return Toolgate::ConformanceMode::run(arguments);
}
