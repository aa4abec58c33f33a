#pragma once

#include <QCoreApplication>

/// The translation context of toolgate-cli's own texts: Cli::tr("…"), translated in
/// resources/translations/toolgate_<lang>.ts and chosen by the system locale in main().
/// Only what people read goes through it; --json output, identifiers and protocol text do not.
class Cli
{
    Q_DECLARE_TR_FUNCTIONS(Cli)
};
